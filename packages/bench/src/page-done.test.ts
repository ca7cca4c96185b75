/** @jest-environment jsdom */
import { beforeEach, describe, expect, it } from '@jest/globals';
import { pageDoneSource } from './page-done';

// The very text the bench runs in the page.
const isDone = new Function(`return ${pageDoneSource}`)() as (path: string) => boolean;

const heading = '<h1>Projects</h1>';
const spinner =
  '<div role="status" aria-live="polite"><span aria-hidden="true"></span><span>Loading projects</span></div>';

function show(body: string, path = '/projects'): void {
  window.history.replaceState(null, '', path);
  document.body.innerHTML = body;
}

describe('a page is done', () => {
  beforeEach(() => show(''));

  it('when its main landmark has a heading and nothing in it is loading', () => {
    show(`<main>${heading}<ul><li>Website</li></ul></main>`);
    expect(isDone('/projects')).toBe(true);
  });

  it('with a status of words only, such as the count under a list', () => {
    show(`<main>${heading}<p role="status">Showing all 3 projects.</p></main>`);
    expect(isDone('/projects')).toBe(true);
  });

  it('not at another path (a redirect to sign-in is not the page)', () => {
    show(`<main><h1>Sign in</h1></main>`, '/auth/login');
    expect(isDone('/projects')).toBe(false);
  });

  it('not without a heading in main, nor with a heading outside it', () => {
    show(`<h1>Kloof</h1><main><p>Welcome</p></main>`);
    expect(isDone('/projects')).toBe(false);
  });

  it('not while a spinner shows in main', () => {
    show(`<main>${heading}${spinner}</main>`);
    expect(isDone('/projects')).toBe(false);
  });

  it('not while a skeleton or a progress bar shows in main', () => {
    show(`<main>${heading}<div data-testid="page-skeleton"></div></main>`);
    expect(isDone('/projects')).toBe(false);
    show(`<main>${heading}<div role="progressbar"></div></main>`);
    expect(isDone('/projects')).toBe(false);
  });

  it('not while anything in main is busy', () => {
    show(`<main>${heading}<section aria-busy="true"></section></main>`);
    expect(isDone('/projects')).toBe(false);
  });

  it('whatever loads outside main (a toast, the top bar)', () => {
    show(`<header>${spinner}</header><main>${heading}</main>`);
    expect(isDone('/projects')).toBe(true);
  });
});
