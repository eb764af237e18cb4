import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  captureInstallPrompt,
  INSTALL_DISMISSED_KEY,
  isInstallDismissed,
  pendingInstallPrompt,
  promptInstall,
  rememberInstallDismissed,
} from './install-prompt';

function installEvent(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const prompt = vi.fn(() => Promise.resolve());
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome, platform: 'web' }) });
  return { event, prompt };
}

function memoryStore() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('install prompt', () => {
  const target = new EventTarget();
  const release = captureInstallPrompt(target);

  afterEach(() => {
    target.dispatchEvent(new Event('appinstalled'));
  });

  it('keeps the browser event (suppressing its own banner) until it is used once', async () => {
    expect(pendingInstallPrompt()).toBeNull();
    const { event, prompt } = installEvent('accepted');
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(pendingInstallPrompt()).toBe(event);

    await expect(promptInstall()).resolves.toBe('accepted');
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(pendingInstallPrompt()).toBeNull();
    await expect(promptInstall()).resolves.toBe('unavailable');
  });

  it('reports a refusal in the browser dialog', async () => {
    target.dispatchEvent(installEvent('dismissed').event);
    await expect(promptInstall()).resolves.toBe('dismissed');
  });

  it('forgets the offer once the app is installed', () => {
    target.dispatchEvent(installEvent('accepted').event);
    expect(pendingInstallPrompt()).not.toBeNull();
    target.dispatchEvent(new Event('appinstalled'));
    expect(pendingInstallPrompt()).toBeNull();
  });

  it('ignores an event without the prompt method', () => {
    target.dispatchEvent(new Event('beforeinstallprompt'));
    expect(pendingInstallPrompt()).toBeNull();
  });

  it('remembers a dismissal for the session under the siteledger. prefix', () => {
    expect(INSTALL_DISMISSED_KEY).toBe('siteledger.installPromptDismissed');
    const store = memoryStore();
    expect(isInstallDismissed(store)).toBe(false);
    rememberInstallDismissed(store);
    expect(isInstallDismissed(store)).toBe(true);
    expect(isInstallDismissed(null)).toBe(false);
  });

  it('stops listening when released', () => {
    release();
    target.dispatchEvent(installEvent('accepted').event);
    expect(pendingInstallPrompt()).toBeNull();
  });
});
