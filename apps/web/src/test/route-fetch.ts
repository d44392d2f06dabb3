// Moved to fetch-stubs.ts; kept here for test files that still import them from this module.
export { callsTo, routeFetch } from './fetch-stubs.ts';
