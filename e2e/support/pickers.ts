import type { Page } from 'playwright-core';

/**
 * Chooses in a record picker (components/pickers/combobox.tsx) as a person does: opens it, types
 * into its search box and presses Enter, which takes the first match once the server has answered
 * what was typed; then waits for the popover to close.
 */
export async function chooseIn(page: Page, testId: string, search: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByTestId(`${testId}-search`).fill(search);
  await page.keyboard.press('Enter');
  await page.getByTestId(`${testId}-popover`).waitFor({ state: 'detached' });
}

/** The picker's button shows `name` (its chosen record, resolved by id). */
export async function pickerShows(page: Page, testId: string, name: string): Promise<void> {
  await page.getByTestId(testId).getByText(name, { exact: true }).waitFor();
}
