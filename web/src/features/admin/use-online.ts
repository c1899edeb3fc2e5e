// The shared online state (lib/use-connection).
export { useOnline } from '../../lib/use-connection';
