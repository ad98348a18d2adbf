/** Fired on window after the session was renewed; queries that failed with 401 may run again. */
export const TOKEN_REFRESHED_EVENT = 'tokenRefreshed';

/** Fired on window when the session could not be renewed; the app signs the person out. */
export const SESSION_EXPIRED_EVENT = 'sessionExpired';

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';

/** Shown in the other tabs when the person signed out (or was signed out) in one of them. */
export const SIGNED_OUT_ELSEWHERE_MESSAGE = 'You signed out in another tab.';
/** The one toast id of that sign-out, however many storage events arrive. */
export const SIGNED_OUT_ELSEWHERE_ID = 'signedOutElsewhere';
