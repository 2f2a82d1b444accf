import { useSyncExternalStore } from 'react';

// The state of the sign-in and password dialogs. It lives
// here, outside React and in the first load, so anything on the page can open a dialog with
// `openDialog(...)` before the dialogs' code (features/auth/, loaded on first use by
// components/layout/AuthDialogHost.tsx) is there.

/** The sign-in and password dialogs. */
export type DialogName =
  | 'SendCode'
  | 'InputCode'
  | 'Login'
  | 'RestorePassword'
  | 'ChangePassword'
  | 'ChangePasswordCode'
  | 'PassChange'
  | 'SkipAccountData';

/** New password, repeat and (when the account has one) the current password: kept while the code is entered. */
export interface PasswordData {
  current_password?: string;
  password: string;
  confirm_password: string;
}

/** The dialog state: the current and previous dialog, and what the dialogs share. */
export interface DialogState {
  /** Shown now; null while closed (or fading out). */
  current: DialogName | null;
  /** Remembered for 'Назад' (PassChange and Login are restored by going back). */
  previous: DialogName | null;
  /** The address the code went to. */
  email: string;
  /** When the code may be sent again (ms since epoch): the 180 s countdown. */
  resendAt: number;
  /** SendCode's consent box was ticked: sent with the code, so a new address may become an account. */
  consent: boolean;
  /** Where to go after signing in (`?login&next=`) as given: only a path of this site is followed (`sitePath` where it is used). */
  next: string | null;
  /** The `restore` value of the mailed link (`/?restore=<token>`). */
  restoreToken: string | null;
  /** PassChange's fields, kept while ChangePasswordCode asks for the code. */
  passwordData: PasswordData | null;
  /** True once a dialog was opened in this page: from then on the dialogs' code is loaded. */
  loaded: boolean;
}

const CLOSED: DialogState = {
  current: null,
  previous: null,
  email: '',
  resendAt: 0,
  consent: false,
  next: null,
  restoreToken: null,
  passwordData: null,
  loaded: false,
};

let state: DialogState = CLOSED;
const listeners = new Set<() => void>();

function update(patch: Partial<DialogState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The dialog state; on the server and during hydration always closed (nothing is rendered). */
export function useDialogState(): DialogState {
  return useSyncExternalStore(subscribe, () => state, () => CLOSED);
}

/**
 * Opens a dialog, or switches to it from the one that is open. A switch happens at once inside
 * the same open modal (the new content appears with a short fade-in): fading the old one out and
 * the new one in took 700 ms and showed both halfway. Leaving a dialog remembers it as the
 * previous one, for 'Назад'. `extra` sets shared values (e.g. `{ next: '/user/courses/' }`).
 */
export function openDialog(name: DialogName, extra: Partial<Omit<DialogState, 'current' | 'loaded'>> = {}) {
  const leaving = state.current;
  if (!leaving) {
    update({ previous: null, ...extra, current: name, loaded: true });
  } else if (leaving !== name) {
    update({ previous: leaving, ...extra, current: name, loaded: true });
  } else {
    update({ ...extra });
  }
}

/** 'Назад': back to the remembered dialog (its fields, e.g. PassChange's, are kept). */
export function goBack() {
  const target = state.previous;
  if (!target) return closeDialog();
  openDialog(target);
  update({ previous: null });
}

/** Closes the sign-in dialogs and forgets their state, the page scrolls again. */
export function closeDialog() {
  update({ ...CLOSED, email: state.email, resendAt: state.resendAt, loaded: state.loaded });
}

/** Called by the dialog once its fade-out is over. */
export function settleDialog() {
  if (!state.current && typeof document !== 'undefined') {
    // Closing clears modal state and the page overflow classes.
    document.documentElement.classList.remove('modal-open');
  }
}

