import type { Transport } from '@connectrpc/connect';
import { createContext, useContext } from 'react';

/**
 * The transport of the calls the public pages make (sign-in, registration, password reset). They
 * load the Connect client with their first call, so that a visitor's first load has none
 * (issue 17): undefined stands for the app's transport then. Tests provide their stand-in server.
 */
export const CallTransport = createContext<Transport | undefined>(undefined);

export function useCallTransport(): Transport | undefined {
  return useContext(CallTransport);
}
