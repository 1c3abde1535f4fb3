import type { AdminConfig } from '@campsite/shared';
import { defineHook } from './hook';

// The effects that cross areas (docs/conventions.md 'Floors and hooks'). The area where the action
// happens runs the hook in its transaction; the areas that react register in modules/hooks.ts.

/** A client erased (GDPR): what other areas keep of them goes or stops naming them, before the rows go. */
export const clientErased = defineHook<{ clientNumber: string; accountIds: string[]; stayNumbers: string[] }>('clientErased');

/** Stays written by an import or a room-list update (dates, type): what depends on a stay's days checks again. */
export const staysChanged = defineHook<{ stayNumbers: string[] }>('staysChanged');

/**
 * A type's deposit switch saved (issue 32): switched on with 'from now on only', the stays it makes due now
 * are left out, as the deposit settings' save does.
 */
export const depositTypeSwitched = defineHook<{ deposit: boolean; fromNow: boolean }>('depositTypeSwitched');

/** The administrator settings saved: what runs on their schedule follows them. */
export const adminSettingsChanged = defineHook<{ admin: AdminConfig }>('adminSettingsChanged');
