import { describe, expect, it } from 'vitest';
import { robotsFor } from './robots';

describe('robotsFor', () => {
  const robots = robotsFor('https://yujing.example.com/');
  const rule = Array.isArray(robots.rules) ? robots.rules[0] : robots.rules;
  const disallowed = [rule.disallow ?? []].flat();
  const blocks = (path: string) => disallowed.some((prefix) => path.startsWith(prefix));

  it('keeps crawlers out of the BFF, the sandboxes and personal pages', () => {
    for (const path of [
      '/api/query_word',
      '/sandbox/wechat',
      '/Admin',
      '/Profil',
      '/Login',
      '/WordsForCourse',
      '/ContextualDictHistory',
    ]) {
      expect(blocks(path), path).toBe(true);
    }
  });

  it('lets them read the reading side and the tools', () => {
    for (const path of [
      '/',
      '/classic',
      '/CategoryIndex',
      '/Article/carroll-alice',
      '/readingList?page=2',
      '/ContextualDict',
      '/chatSentence',
    ]) {
      expect(blocks(path), path).toBe(false);
    }
  });

  it('names the sitemap on the configured origin', () => {
    expect(robots.sitemap).toBe('https://yujing.example.com/sitemap.xml');
    expect(robots.host).toBe('https://yujing.example.com');
  });
});
