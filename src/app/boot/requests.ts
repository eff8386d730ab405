import { getApiConfig, setApiConfig } from '@/api/config';
import { yieldToMain } from '@/lib/yieldToMain';

/** Makes every request of the HTTP client start in a task of its own, after the current one hands the thread back. */
export function sendRequestsInTasksOfTheirOwn(): void {
  const config = getApiConfig();
  const send: typeof fetch = async (input, init) => {
    await yieldToMain();
    return (config.fetch ?? fetch)(input, init);
  };
  setApiConfig({ ...config, fetch: send });
}
