let adopting = true;

/**
 * Whether the app is rendering the page the server sent: always on the server, and in the browser until React has
 * adopted that page. What a component reads from the page's data then is what the server rendered it with.
 */
export function isAdoptingServerPage(): boolean {
  return adopting;
}

/** Called once the browser has adopted the server's page: later renders are the app's own. */
export function serverPageAdopted(): void {
  adopting = false;
}
