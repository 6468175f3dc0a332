/*!
 * common-passwords.json: every password of 8 to 128 characters in the list of the 49,233 commonest
 * passwords of @zxcvbn-ts/language-common 4.1.3 (src/passwords.json, ranked by how often each
 * appears in leaked password sets), lower-cased, in rank order: 17,950 passwords, which include
 * every one of the commonest 10,000 that our length rule lets through.
 *
 * Copyright (c) 2012-2016 Dan Wheeler and Dropbox, Inc.
 * Copyright (c) 2021 @zxcvbn-ts
 * Permission is hereby granted, free of charge, to any person obtaining a copy of this software and
 * associated documentation files (the "Software"), to deal in the Software without restriction,
 * including without limitation the rights to use, copy, modify, merge, publish, distribute,
 * sublicense, and/or sell copies of the Software, and to permit persons to whom the Software is
 * furnished to do so, subject to the following conditions: The above copyright notice and this
 * permission notice shall be included in all copies or substantial portions of the Software.
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT
 * NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND
 * NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM,
 * DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT
 * OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
 */
import list from './common-passwords.json' with { type: 'json' };

/**
 * The commonest passwords, refused as a new password at sign-up, reset and change. Checked on the
 * server only: the list (220 KB) is no weight for the web app to carry, and the server's answer
 * puts the message on the form's password field.
 */
let common: Set<string> | undefined;

/** Whether the password is one of the commonest, whatever its letters' case. */
export function isCommonPassword(password: string): boolean {
  // Built on first use, not at start-up: most starts never see a new password.
  common ??= new Set(list);
  return common.has(password.toLowerCase());
}

export const COMMON_PASSWORD_COUNT = list.length;
