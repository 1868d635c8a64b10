/** Where the labelled data sets are by default: `../shared/data` beside the checkout. */
export const DEFAULT_DATA_DIR: string =
  new URL("../../../../shared/data", import.meta.url).pathname;
