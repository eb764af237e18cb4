import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import {
  isOnboardingDisabled,
  isTourSeen,
  markTourSeen,
  pathOfTour,
  requestTour,
  resetOnboarding,
  setOnboardingDisabled,
  TOUR_REQUEST_EVENT,
  tourPageForPath,
  type TourPage,
  type TourRequest,
} from '../../lib/onboarding';
import { scheduleTour, TOUR_START_DELAY_MS } from './schedule-tour';
import { TOURS } from './tours';

declare global {
  interface Window {
    /** Debug: removes every onboarding and feature key; returns the keys it removed. */
    siteledgerResetOnboarding?: () => string[];
    /** Debug: goes to the dashboard and plays its tour, seen or disabled alike. */
    siteledgerForceDashboardTour?: () => void;
  }
}

/** A tour asked for (Help tour) waits only for the menu to close or the new page to render. */
const REQUESTED_DELAY_MS = 150;

const textKey = (page: TourPage) =>
  page.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());

/**
 * Mounted once in the main layout: plays each page's tour once (spec parts 4 and 9), replays on
 * request (Help tour) and installs the two debug helpers on `window`.
 */
export function OnboardingTours() {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const page = tourPageForPath(pathname);
  const pageRef = useRef(page);
  const requested = useRef<TourPage | null>(null);
  const [requestCount, setRequestCount] = useState(0);

  useEffect(() => {
    pageRef.current = page;
  }, [page]);

  useEffect(() => {
    const onRequest = (event: Event) => {
      const detail = (event as CustomEvent<TourRequest | undefined>).detail;
      const target = detail?.page ?? pageRef.current ?? 'dashboard';
      requested.current = target;
      if (pageRef.current !== target) void navigate(pathOfTour(target));
      setRequestCount((count) => count + 1);
    };
    window.addEventListener(TOUR_REQUEST_EVENT, onRequest);
    window.siteledgerResetOnboarding = () => resetOnboarding();
    window.siteledgerForceDashboardTour = () => requestTour('dashboard');
    return () => {
      window.removeEventListener(TOUR_REQUEST_EVENT, onRequest);
      delete window.siteledgerResetOnboarding;
      delete window.siteledgerForceDashboardTour;
    };
  }, [navigate]);

  useEffect(() => {
    const steps = page ? TOURS[page] : undefined;
    if (!page || !steps) return undefined;
    const asked = requested.current === page;
    if (!asked && (isOnboardingDisabled() || isTourSeen(page))) return undefined;

    let cancelled = false;
    let stop: (() => void) | null = null;
    const forget = () => {
      if (requested.current === page) requested.current = null;
    };
    const cancelWait = scheduleTour({
      steps,
      initialDelayMs: asked ? REQUESTED_DELAY_MS : TOUR_START_DELAY_MS,
      onGiveUp: forget,
      onReady: (found) => {
        forget();
        void import('./tour-runner').then(({ playTour }) => {
          if (cancelled) return;
          const t = i18n.t.bind(i18n);
          stop = playTour({
            page,
            found,
            text: (id) => ({
              title: t(`onboarding.tours.${textKey(page)}.${id}.title`),
              description: t(`onboarding.tours.${textKey(page)}.${id}.description`),
            }),
            labels: {
              next: t('onboarding.buttons.next'),
              previous: t('onboarding.buttons.previous'),
              done: t('onboarding.buttons.done'),
              skip: t('onboarding.buttons.skip'),
              skipAll: t('onboarding.buttons.skipAll'),
              close: t('onboarding.buttons.close'),
              progress: t('onboarding.progress', { current: '{{current}}', total: '{{total}}' }),
            },
            onEnd: () => markTourSeen(page),
            onSkipAll: () => setOnboardingDisabled(true),
          });
        });
      },
    });
    // Leaving the page (or a new request) stops the tour without marking it seen.
    return () => {
      cancelled = true;
      cancelWait();
      stop?.();
    };
  }, [page, requestCount, i18n]);

  return null;
}
