/** Fired on window after the session was renewed; queries that failed with 401 may run again. */
export const TOKEN_REFRESHED_EVENT = 'tokenRefreshed';

/** Fired on window when the session could not be renewed; the app signs the person out. */
export const SESSION_EXPIRED_EVENT = 'sessionExpired';

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';
