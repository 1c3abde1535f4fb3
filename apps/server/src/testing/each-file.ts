/**
 * The server project's setup file, run before each test file. Its files share their worker's modules
 * (vitest.config.ts, `isolate: false`): what a module keeps at its level that a file can see is put back
 * here as a process of its own would have it, so that no file depends on the files run before it.
 */
import { served } from '../http/calls';
import { restartNumbering } from './fixtures/people';

// the contract test checks that the app it builds serves every call: not calls an earlier file's app served
served.clear();
// client, stay and guest numbers the people fixtures make up start again at 900001 (a search by number
// finds what it found with the file alone)
restartNumbering();
