import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TextInput } from './TextInput';

describe('TextInput on the server', () => {
  it('is read-only in the server-rendered page, so nothing is typed before the app adopts it', () => {
    const html = renderToString(<TextInput label="Mobile number" name="phone" />);
    expect(html).toMatch(/<input[^>]* readOnly=""/);
  });
});
