export {
  useCreateExtensionToken,
  useExtensionTokens as useExtensionConnections,
  useRevokeExtensionToken,
} from '@/api/extensionTokens';
