import { BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import { Code, ConnectError } from '@connectrpc/connect';

/** A google.rpc.BadRequest with one field violation, encoded as Kesi's server sends it. */
export function badRequest(field: string, description: string): Uint8Array {
  const w = new BinaryWriter();
  w.tag(1, WireType.LengthDelimited).fork().tag(1, WireType.LengthDelimited).string(field);
  w.tag(2, WireType.LengthDelimited).string(description).join();
  return w.finish();
}

/** A refusal of one field as the client receives it: InvalidArgument, the message, the detail. */
export function refusal(field: string, message: string): ConnectError {
  const err = new ConnectError(message, Code.InvalidArgument);
  err.details.push({ type: 'google.rpc.BadRequest', value: badRequest(field, message) });
  return err;
}
