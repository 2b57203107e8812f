// The entry of dist/cache.js, the cache's own bundle, required on first use (editor/reportCaches.ts).
export { ReportCache } from './reportCache';
export { CachedCountsSchema } from './cachedCounts';
