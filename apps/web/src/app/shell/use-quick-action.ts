import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useLimitReasonText } from '../../components/plan-limit';
import { OPEN_LIMIT, planLimitFor } from '../../lib/plan-limits';
import { useSession } from '../../lib/session';
import { useSubscription } from '../../lib/subscription-api';
import type { QuickAction } from './quick-action-list';
import { ADD_ACTION_EVENT } from './use-shortcuts';

/** Spec part 9: the add dialog opens 100 ms after the list page appears. */
export const QUICK_ACTION_DELAY_MS = 100;
const RETRY_MS = 150;
const GIVE_UP_MS = 3000;

const openDialogs = () => Array.from(document.querySelectorAll('[role="dialog"]'));

/**
 * Runs a quick action: go to its list page, then fire the add event there. The delay starts once
 * the router has committed the new page (during a lazy load React keeps the old page on screen,
 * and the old page must not get the event). A page still loading its code or data misses the
 * first event, so it is repeated until a dialog appears (or 3 s have passed).
 */
export function useQuickActionRunner(): (action: QuickAction) => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { siteId } = useSession();
  const [pending, setPending] = useState<{ path: string; from: string } | null>(null);

  useEffect(() => {
    if (!pending) return undefined;
    if (pathname !== pending.path) {
      // The person went somewhere else before the page arrived: the action is void.
      if (pathname !== pending.from) setPending(null);
      return undefined;
    }
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      setPending(null);
    };
    // A new dialog is noticed the moment it is added, so one closed right away is not reopened.
    const before = new Set(openDialogs());
    const observer = new MutationObserver(() => {
      if (openDialogs().some((dialog) => !before.has(dialog))) finish();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout>;
    const fire = () => {
      if (done) return;
      window.dispatchEvent(new CustomEvent(ADD_ACTION_EVENT));
      if (Date.now() - started >= GIVE_UP_MS) finish();
      else timer = setTimeout(fire, RETRY_MS);
    };
    timer = setTimeout(fire, QUICK_ACTION_DELAY_MS);
    return () => {
      done = true;
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [pending, pathname]);

  return useCallback(
    (action: QuickAction) => {
      if (!siteId) {
        window.alert(t('errors.selectSiteFirst'));
        return;
      }
      setPending({ path: action.path, from: pathname });
      if (pathname !== action.path) void navigate(action.path);
    },
    [navigate, pathname, siteId, t],
  );
}

/** Whether the plan lets the site add one more of the action's resource, and why not. */
export function useQuickActionLimit(action: QuickAction): { blocked: boolean; reason: string } {
  const subscription = useSubscription();
  const limit = action.resource
    ? planLimitFor(subscription.isError ? undefined : subscription.data, action.resource)
    : OPEN_LIMIT;
  const reason = useLimitReasonText(action.resource ?? 'items', limit);
  return { blocked: limit.blocked, reason };
}
