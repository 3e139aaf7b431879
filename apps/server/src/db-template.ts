// Build step (scripts/server-build.mjs): writes the first-start dump of the embedded database.
import { writeFirstStartTemplate } from './platform/db/first-start-template.js';

const file = await writeFirstStartTemplate();
process.stdout.write(`first-start database template: ${file}\n`);
