// The shared loader timing (lib/use-min-loading).
export { useMinLoading } from '../../lib/use-min-loading';
