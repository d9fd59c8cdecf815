// React Aria's components that the form pages share with the account pages and the shell's lazy
// parts. The start-up imports this before a form page's module, in a step of its own (src/main.tsx),
// so that this code and the form's are evaluated in two tasks, not in one long one (issue 15).
// Importing any of it evaluates all of it: the build puts them in one file (vite.config.ts).
export { TextField } from "react-aria-components";
