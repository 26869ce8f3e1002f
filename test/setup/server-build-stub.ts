// Stands in for React Router's build (`virtual:react-router/server-build`, which only exists under
// the React Router Vite plugin) so workerd tests can import workers/app.ts and call its
// `scheduled` handler. The fetch handler would need the real build: HTTP tests use `build/`.
export {};
