import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { installProcessGuard, UNCAUGHT_BURST } from './process-guard.js';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('process guard', () => {
  it('logs what nobody handled and keeps the process; a burst exits for the supervisor', () => {
    const proc = Object.assign(new EventEmitter(), { exit: (code: number): never => void exits.push(code) as never });
    const exits: number[] = [];
    const logged: string[] = [];
    const log = {
      error: (_: object, m: string) => void logged.push(m),
      fatal: (_: object, m: string) => void logged.push(m),
    };
    const uninstall = installProcessGuard(log, proc);
    proc.emit('uncaughtException', new Error('stream error nobody heard'));
    proc.emit('unhandledRejection', new Error('promise nobody awaited'));
    expect(logged).toEqual(['uncaught exception: logged, still serving', 'unhandled rejection: logged, still serving']);
    expect(exits).toEqual([]);
    for (let i = 2; i < UNCAUGHT_BURST; i++) proc.emit('uncaughtException', new Error('again'));
    expect(exits).toEqual([1]);
    uninstall();
    expect(proc.listenerCount('uncaughtException')).toBe(0);
  });

  it('keeps a real Node process alive after an error event nobody listened to, and it goes on answering', async () => {
    // A child process: an emitter's 'error' without a listener (what stopped the server) inside a timer, then work after it.
    const script = `
      import { EventEmitter } from 'node:events';
      import { installProcessGuard } from ${JSON.stringify(path.join(here, 'process-guard.ts'))};
      installProcessGuard({ error: (o, m) => console.log('LOG', m), fatal: (o, m) => console.log('FATAL', m) });
      setTimeout(() => new EventEmitter().emit('error', new Error('boom')), 10);
      setTimeout(() => { console.log('STILL SERVING'); process.exit(0); }, 200);
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(out).toContain('LOG uncaught exception: logged, still serving');
    expect(out).toContain('STILL SERVING');
    expect(code).toBe(0);
  });
});
