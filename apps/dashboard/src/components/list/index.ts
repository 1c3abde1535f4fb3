/**
 * The paged-list kit (docs/conventions.md 'Paged lists'): the address read with the contract's query
 * schema, the capped count, and the parts of a list screen. Files of the kit import each other directly,
 * never through this index.
 */
export { useListQuery, type ListFilters, type ListQuery, type SortDir } from './useListQuery';
export { useAddress, liveParams, oneOf, textField, type AddressField, type Patch } from './useAddress';
export { useCappedCount } from './useCappedCount';
export { SortTh, StackTh, Stacked } from './headers';
export { Pager, RowCount } from './Pager';
export { EmptyList, ReadView, type ListRead, type PrimaryAction } from './ReadView';
export { PagedList } from './PagedList';
export { BackToList, DetailCard, SearchActions } from './parts';
export { StaySearch } from './StaySearch';
export { DateRanges, DaySelect } from './DateRanges';
export { useBoundFields, useTextFields } from './fields';
export { boundOf, partsOf, NO_DAY, type DayParts } from './dates';
