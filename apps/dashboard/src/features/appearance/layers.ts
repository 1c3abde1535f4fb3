/** Form modals sit under the shared confirmation modal, which opens from them (translation warning). */
export const FORM_Z = 190;
