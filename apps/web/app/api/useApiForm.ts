import { useRef, useState, type FormEvent } from 'react';
import { NO_PROBLEMS, problemsOf, type FormProblems } from './problems.ts';

// The one way a form of the site submits (decision 0012): a client call through the typed API
// client, with its busy state and problems (per field and general) kept here, written once.

/** Thrown (or returned via `reject`) by a submit's own checks: shown like an API answer. */
export class FormRejection extends Error {
  constructor(readonly problems: FormProblems) {
    super('Форма не прошла проверку');
    this.name = 'FormRejection';
  }
}

/** A client-side check's result as a rejection, when there are problems; null when there are none. */
export function rejection(fields: Record<string, string[] | false | undefined | null>, general: string[] = []): FormRejection | null {
  const kept: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(fields)) if (messages && messages.length) kept[key] = messages;
  return Object.keys(kept).length || general.length ? new FormRejection({ fields: kept, general }) : null;
}

export interface SubmitOptions {
  /** Keep the form busy after success: it is being replaced (another dialog, a navigation). */
  leaving?: boolean;
  /** Called after a failure, e.g. to clear and refocus a code field. */
  onFailed?: () => void;
}

export interface ApiForm {
  busy: boolean;
  problems: FormProblems;
  /** Messages under one field (empty when none). */
  errorsOf: (field: string) => string[];
  /** Runs `action` once (a second call while busy is ignored); failures become `problems`. Resolves true on success. */
  run: (action: () => Promise<unknown>, options?: SubmitOptions) => Promise<boolean>;
  /** `onSubmit` of a `<form>`: prevents the page load and runs `action`. */
  onSubmit: (action: () => Promise<unknown>, options?: SubmitOptions) => (event: FormEvent) => void;
  /** Shows problems without a call. */
  setProblems: (problems: FormProblems) => void;
}

/**
 * Busy state and problems of one form. `fieldNames` are the fields the form shows messages
 * under; the API's messages for other keys (`detail`, `non_field_errors`, `__all__`, unknown
 * fields) and any failure to reach the server go above the submit button.
 */
export function useApiForm(fieldNames: readonly string[] = []): ApiForm {
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<FormProblems>(NO_PROBLEMS);
  // The state updates late; this stops a second submit in the same tick (e.g. Enter + auto-submit).
  const running = useRef(false);

  async function run(action: () => Promise<unknown>, options: SubmitOptions = {}): Promise<boolean> {
    if (running.current) return false;
    running.current = true;
    setBusy(true);
    setProblems(NO_PROBLEMS);
    try {
      await action();
      if (!options.leaving) setBusy(false);
      return true;
    } catch (error) {
      setProblems(error instanceof FormRejection ? error.problems : problemsOf(error, fieldNames));
      setBusy(false);
      options.onFailed?.();
      return false;
    } finally {
      running.current = false;
    }
  }

  return {
    busy,
    problems,
    errorsOf: (field) => problems.fields[field] ?? [],
    run,
    onSubmit: (action, options) => (event) => {
      event.preventDefault();
      void run(action, options);
    },
    setProblems,
  };
}
