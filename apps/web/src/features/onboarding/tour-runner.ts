/**
 * Plays one tour with driver.js. Loaded on demand (with driver.js and its styles), so the first
 * paint of the app does not carry them.
 */
import { driver, type DriveStep, type PopoverDOM } from 'driver.js';
import 'driver.js/dist/driver.css';
import './tour-theme.css';
import { findTarget, type FoundStep } from './schedule-tour';

export interface TourText {
  title: string;
  description: string;
}

export interface TourLabels {
  next: string;
  previous: string;
  done: string;
  skip: string;
  /** On the first step: turns every tour off (as Profile's tours switch does). */
  skipAll: string;
  close: string;
  /** With driver's own placeholders: "{{current}} of {{total}}". */
  progress: string;
}

export interface PlayTourOptions {
  page: string;
  found: FoundStep[];
  text: (stepId: string) => TourText;
  labels: TourLabels;
  /** The person ended the tour: done, closed, Escape, overlay click or "Skip tour". */
  onEnd: () => void;
  /** "Skip all tours" (first step): tours off everywhere; onEnd follows. */
  onSkipAll: () => void;
}

/** Spec part 9 appearance defaults. */
export const TOUR_APPEARANCE = {
  overlayOpacity: 0.7,
  stagePadding: 10,
  stageRadius: 5,
  popoverOffset: 10,
  animate: true,
  duration: 400,
} as const;

function decorate(popover: PopoverDOM, page: string, stepId: string, labels: TourLabels) {
  popover.wrapper.dataset.testid = 'tour-popover';
  popover.wrapper.dataset.tourPage = page;
  popover.wrapper.dataset.tourStep = stepId;
  popover.nextButton.dataset.testid = 'tour-next';
  popover.previousButton.dataset.testid = 'tour-previous';
  popover.closeButton.dataset.testid = 'tour-close';
  popover.closeButton.setAttribute('aria-label', labels.close);
  popover.closeButton.title = labels.close;
}

function addSkipButton(popover: PopoverDOM, labels: TourLabels, skip: () => void) {
  if (popover.footer.querySelector('.siteledger-tour-skip')) return;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'siteledger-tour-skip';
  button.textContent = labels.skip;
  button.dataset.testid = 'tour-skip';
  button.addEventListener('click', skip);
  popover.footerButtons.prepend(button);
}

function addSkipAllButton(popover: PopoverDOM, labels: TourLabels, skipAll: () => void) {
  if (popover.wrapper.querySelector('.siteledger-tour-skip-all')) return;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'siteledger-tour-skip-all';
  button.textContent = labels.skipAll;
  button.dataset.testid = 'tour-skip-all';
  button.addEventListener('click', skipAll);
  popover.wrapper.append(button);
}

/** Starts the tour; returns the function that stops it without counting as the person's choice. */
export function playTour({
  page,
  found,
  text,
  labels,
  onEnd,
  onSkipAll,
}: PlayTourOptions): () => void {
  let ended = false;
  const last = found.length - 1;
  // Every way the person ends it (Done, ×, Escape, overlay click, Skip) comes through here. Not
  // onDestroyed: driver skips that hook when the tour is closed during its first animation.
  const finish = () => {
    if (ended) return;
    ended = true;
    onEnd();
    tour.destroy();
  };

  const steps: DriveStep[] = found.map(({ step, element }, index) => ({
    // Re-found when React replaced the node since the tour was scheduled.
    element: () => (element.isConnected ? element : (findTarget(step.target) ?? element)),
    popover: {
      ...text(step.id),
      ...(step.side ? { side: step.side, align: 'start' as const } : {}),
      showButtons: index === 0 ? ['next', 'close'] : ['next', 'previous', 'close'],
    },
    data: { id: step.id },
  }));

  const tour = driver({
    ...TOUR_APPEARANCE,
    steps,
    // The targets were found a moment ago; one that vanished since is skipped as well.
    skipMissingElement: true,
    // A dialog or menu opened from a highlighted button would sit under the overlay.
    disableActiveInteraction: true,
    showProgress: found.length > 1,
    progressText: labels.progress,
    nextBtnText: labels.next,
    prevBtnText: labels.previous,
    doneBtnText: labels.done,
    popoverClass: 'siteledger-tour',
    onPopoverRender: (popover, { state }) => {
      const index = state.activeIndex ?? 0;
      decorate(popover, page, found[index]?.step.id ?? '', labels);
      if (index < last) addSkipButton(popover, labels, finish);
      // Spec part 4: tours can be skipped on other pages too, from the first step of any.
      if (index === 0) {
        addSkipAllButton(popover, labels, () => {
          onSkipAll();
          finish();
        });
      }
      // driver focuses the first button (the ×) right after this hook; Next is the likelier key.
      requestAnimationFrame(() => {
        if (popover.wrapper.isConnected) popover.nextButton.focus();
      });
    },
    onDestroyStarted: finish,
  });
  tour.drive();

  return () => {
    if (ended) return;
    ended = true;
    tour.destroy();
  };
}
