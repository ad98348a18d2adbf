import type { DescMessage, DescMethodUnary, DescService, MessageInitShape, MessageShape } from '@bufbuild/protobuf';
import type { Transport } from '@connectrpc/connect';
import { createConnectQueryKey } from '@connectrpc/connect-query';
import type { QueryClient } from '@tanstack/react-query';
import { CaseService } from '@gen/kesi/v1/case_pb';
import { CauseListService } from '@gen/kesi/v1/causelist_pb';
import { ClientService } from '@gen/kesi/v1/client_pb';
import { DocumentService } from '@gen/kesi/v1/document_pb';
import { FirmService } from '@gen/kesi/v1/firm_pb';
import { transport as appTransport } from './connect';

/**
 * The query-key roots. Every Connect call is cached under connect-query's key for the call and
 * its input (one key per call and input, whichever screen reads it); a service's root matches
 * every call of that service, over any transport.
 */
export function serviceKey(service: DescService) {
  return createConnectQueryKey({ schema: service, cardinality: undefined });
}

/** The diary's services: cases and what hangs off them (cause lists, documents, the firm's sharing). */
export const DIARY_SERVICES: readonly DescService[] = [CaseService, CauseListService, DocumentService, FirmService];
/** Everything a renewed session must read again: the diary and the clients. */
export const SESSION_SERVICES: readonly DescService[] = [...DIARY_SERVICES, ClientService];

/** Whether a query key belongs to one of these services. */
export function isKeyOf(key: readonly unknown[], services: readonly DescService[]): boolean {
  const props = key[1] as { serviceName?: unknown } | undefined;
  return key[0] === 'connect-query' && services.some((s) => s.typeName === props?.serviceName);
}

/** The key of one call with one input, as connect-query's useQuery builds it. */
export function callKey<I extends DescMessage, O extends DescMessage>(
  schema: DescMethodUnary<I, O>,
  input: MessageInitShape<I>,
  transport: Transport = appTransport,
) {
  return createConnectQueryKey({ schema, input, transport, cardinality: 'finite' });
}

/** The key of every answer of one call, whatever its input (a filter). */
export function methodKey<I extends DescMessage, O extends DescMessage>(schema: DescMethodUnary<I, O>, transport: Transport = appTransport) {
  return createConnectQueryKey({ schema, transport, cardinality: 'finite' });
}

/** The key of every page set of a paged call (useInfiniteQuery), whatever its input. */
export function pagedCallKey<I extends DescMessage, O extends DescMessage>(schema: DescMethodUnary<I, O>, transport: Transport = appTransport) {
  return createConnectQueryKey({ schema, transport, cardinality: 'infinite' });
}

/** Puts a call's answer into the cache under the key the screens read. */
export function setCallData<I extends DescMessage, O extends DescMessage>(
  client: QueryClient,
  schema: DescMethodUnary<I, O>,
  input: MessageInitShape<I>,
  data: MessageShape<O>,
  transport: Transport = appTransport,
): void {
  client.setQueryData(callKey(schema, input, transport), data);
}
