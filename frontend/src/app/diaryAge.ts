/** How long a diary kept on the device is shown offline: a week of court without signal. */
export const DIARY_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
