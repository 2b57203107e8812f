// "Clear Filter".
import type { Services } from './services';
import { NO_FILTER } from '../views/filter';
import { applyFilter } from './filter';

export function clearFilter(s: Services) {
  return (): void => applyFilter(s, NO_FILTER);
}
