// Opens the embedded database in the directory given and keeps it open, printing "prêt <pid>" once it
// holds the directory, or the refusal; for the data-directory lock tests (run in its own process).
import { openDatabase } from '../db/client';

openDatabase({ dataDir: process.argv[2] }).then(
  () => console.log(`prêt ${process.pid}`),
  (err: Error) => {
    console.log(`refusé ${err.message}`);
    process.exit(2);
  },
);
setInterval(() => {}, 1 << 30);
