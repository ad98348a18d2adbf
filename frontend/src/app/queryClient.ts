import {
  onlineManager,
  QueryClient,
  type DefaultError,
  type DefaultedQueryObserverOptions,
  type QueryKey,
  type QueryObserverOptions,
} from '@tanstack/react-query';
import { isNetworkError } from '@/api/errorText';
import { DIARY_MAX_AGE_MS } from './diaryAge';

type Retry = QueryObserverOptions['retry'];

/** Whether the query would retry after `failures` failures with `error`, as its own option says. */
function wantsRetry(retry: Retry, failures: number, error: DefaultError): boolean {
  if (typeof retry === 'function') return retry(failures, error);
  if (typeof retry === 'number') return failures < retry;
  return retry ?? false;
}

/**
 * The offline rules of every query, applied over each query's own options:
 * - a query that has data (kept on the device) does not run while offline: the screen keeps
 *   showing it, and it refreshes when the signal returns;
 * - a query without data runs once ('offlineFirst') and, failing for lack of network, is not
 *   retried while offline, so the screen shows the network error instead of a skeleton forever.
 */
export function offlineRules<O extends DefaultedQueryObserverOptions<never, DefaultError, never, never>>(
  options: O,
  hasData: boolean,
): O {
  if (options.networkMode === 'always') return options;
  const retry = options.retry;
  return {
    ...options,
    networkMode: hasData ? 'online' : 'offlineFirst',
    retry: (failures: number, error: DefaultError) =>
      isNetworkError(error) && !onlineManager.isOnline() ? false : wantsRetry(retry, failures, error),
  };
}

class KesiQueryClient extends QueryClient {
  override defaultQueryOptions<
    TQueryFnData = unknown,
    TError = DefaultError,
    TData = TQueryFnData,
    TQueryData = TQueryFnData,
    TQueryKey extends QueryKey = QueryKey,
    TPageParam = never,
  >(
    options:
      | QueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey, TPageParam>
      | DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey>,
  ): DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey> {
    // Already defaulted (a query re-applying its options): the rules are in them.
    if (options._defaulted) return super.defaultQueryOptions(options);
    const defaulted = super.defaultQueryOptions(options);
    // Straight from the cache by hash: getQueryData would default the options again.
    const hasData = this.getQueryCache().get(defaulted.queryHash)?.state.data !== undefined;
    return offlineRules(defaulted as never, hasData);
  }
}

/**
 * SPEC.md section 9: global default stale 5 min with 1 retry. Queries live for as long as the
 * diary is kept on the device (garbage-collected queries would drop out of it). How the
 * record-outcome mutation is sent comes with the Connect client (ConnectLayout.installDiaryCalls):
 * the public pages' first load has neither (issue 17).
 */
export function createQueryClient(): QueryClient {
  // TanStack Query assumes a network until an 'offline' event; an app opened with none must know.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  return new KesiQueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        gcTime: DIARY_MAX_AGE_MS,
        retry: 1,
      },
    },
  });
}
