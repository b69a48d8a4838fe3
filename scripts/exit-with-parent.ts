// Loaded (--import) into the demo's relay process: the demo holds the other end of this
// process's stdin, so when the demo ends, even killed outright, stdin ends and the relay stops
// the way SIGTERM stops it (answering open polls, closing its database).
process.stdin.on('end', () => process.kill(process.pid, 'SIGTERM'));
process.stdin.resume();
