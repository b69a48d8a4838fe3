// How this slice's components read the store: its own part and the shared app state (it reads
// nothing of other slices).
import type { AppSlice } from '../ui-kit/app-slice';
import { viewHooks } from '../ui-kit/store-context';
import type { UpdatesSlice } from './updates-slice';

export type UpdatesView = UpdatesSlice & AppSlice;

export const { useApp, useAppStore } = viewHooks<UpdatesView>();
