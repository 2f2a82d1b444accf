// @react-router/dev 7.x (7.18.4 is the last 7.x) creates internal Vite servers (its config loader,
// its child compiler) with `envFile: false`, which Vite 8 deprecated in favour of `envDir: false`:
// every build printed "The `envFile` option is deprecated" three times for something no setting of
// ours causes or can change. This drops that one warning and nothing else; remove it with the
// move to React Router 8, which passes `envDir`.
const DEPRECATED_ENVFILE = 'The `envFile` option is deprecated';

/** Wraps `target.warn` so that the warning above is not printed; returns a function undoing it. */
export function dropEnvFileDeprecation(target = console) {
  const warn = target.warn;
  target.warn = (...args) => {
    if (typeof args[0] === 'string' && args[0].includes(DEPRECATED_ENVFILE)) return;
    warn.apply(target, args);
  };
  return () => {
    target.warn = warn;
  };
}
