// TEMPORARY (gqlperf A/B measurements; removed before the report).
export const perfOff = (name: string): boolean => (process.env.GQLPERF_OFF ?? '').split(',').includes(name);
