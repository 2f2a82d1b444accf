// The counters' HTML read for the page (scripts for the head, the rest for the end of the body) and
// the hosts the page's policy allows for them: the contract's code, shared with the staff settings
// screen and its API (decision 0074). Server-only: the contract's rules stay out of the shell.
export { counterSources, parseCounters } from '@crema/contract/rules';
