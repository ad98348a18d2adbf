/** Options: which Kesi the extension talks to, and its connection. */
import type { Answer, Status, WorkerRequest } from '../messages';
import { kesiOrigin, loadSettings, originPattern } from '../settings';

function $(id: string): HTMLElement {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} is missing`);
  return el;
}

const form = $('origin-form') as HTMLFormElement;
const input = $('origin') as HTMLInputElement;
const error = $('origin-error');
const saved = $('origin-saved');
const connection = $('connection');
const connectButton = $('connect') as HTMLButtonElement;
const disconnectButton = $('disconnect') as HTMLButtonElement;

async function ask<T>(request: WorkerRequest): Promise<T> {
  const answer: Answer<T> = await chrome.runtime.sendMessage(request);
  if (!answer.ok) throw new Error(answer.error);
  return answer.value;
}

function show(status: Status) {
  input.value = status.origin;
  connection.textContent = status.connected ? `Connected to ${new URL(status.origin).host}.` : 'Not connected.';
  connectButton.hidden = status.connected;
  disconnectButton.hidden = !status.connected;
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  saved.textContent = '';
  const read = kesiOrigin(input.value);
  if ('error' in read) {
    error.textContent = read.error;
    input.setAttribute('aria-invalid', 'true');
    return;
  }
  error.textContent = '';
  input.removeAttribute('aria-invalid');
  // Asked at once, inside the click: Chrome grants permissions only during a user gesture.
  void chrome.permissions.request({ origins: [originPattern(read.origin)] }).then(async (granted) => {
    if (!granted) {
      error.textContent = `The extension needs your permission to reach ${read.origin}.`;
      return;
    }
    const before = await loadSettings();
    if (before.origin !== read.origin) {
      // A token belongs to the Kesi that issued it: it ends there first.
      await ask<Status>({ type: 'disconnect' });
      await chrome.storage.local.set({ origin: read.origin });
    }
    saved.textContent = 'Saved.';
    show(await ask<Status>({ type: 'status' }));
  });
});

connectButton.addEventListener('click', () => {
  void ask({ type: 'connect' });
});

disconnectButton.addEventListener('click', () => {
  void ask<Status>({ type: 'disconnect' }).then(show);
});

void ask<Status>({ type: 'status' }).then(show);
