// One runtime serves every file of a workerd project, so @clerk/backend is imported once, by whichever
// file comes first. Outside tests it binds the fetch it found at import; with NODE_ENV "test" it reads
// the global fetch at each call, so each file's own fetch stub (its fake Clerk API) is the one used.
process.env.NODE_ENV = "test";
