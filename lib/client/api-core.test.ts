import { beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, quotaStatus } from '@/lib/contract';

// How callData reads an answer: the contract's schema, the business status, the quota flow.
const quotaFlow = vi.hoisted(() => ({ ran: [] as string[] }));
vi.mock('./quota', () => ({
  handleQuotaStatus: (status: string) => {
    const quota = status === 'anonymous_user_free_num_limit' || status === 'login_user_free_num_limit';
    if (quota) quotaFlow.ran.push(status);
    return quota;
  },
}));

const { answerSchemaOf, readAnswer } = await import('./api-core');
const { ApiError } = await import('./errors');

const read = (name: Parameters<typeof answerSchemaOf>[0], answer: unknown) => readAnswer(answerSchemaOf(name), answer);
const failure = (name: Parameters<typeof answerSchemaOf>[0], answer: unknown) => {
  try {
    read(name, answer);
  } catch (error) {
    return error as InstanceType<typeof ApiError>;
  }
  throw new Error('the answer was accepted');
};

const page = { items: [], total: 0, page: 1, page_size: 20 };

beforeEach(() => {
  quotaFlow.ran.length = 0;
});

describe('readAnswer', () => {
  it('answers the data of an OK answer, or its result for the calls the spec reads that way', () => {
    expect(read('query_history', { status: 'OK', data: page })).toEqual(page);
    expect(read('query_word', { status: 'OK', result: [] })).toEqual([]);
    // Unknown fields pass, as the contract says.
    expect(
      read('explain_pos', { status: 'OK', data: { pos: 'n.', name: '名词', explanation: '…', extra: 1 }, more: true }),
    ).toMatchObject({
      pos: 'n.',
      extra: 1,
    });
  });

  it('takes an answer without a status as OK where the call lets it out (annotate_data)', () => {
    const task = { glosses: [], sense_id_candidate: null, words: ['a'], current_word_index: 1, target_word_index: 0 };
    expect(read('annotate_data', { result: task })).toEqual(task);
  });

  it('raises a malformed answer as invalid, keeping the answer', () => {
    const error = failure('query_history', { status: 'OK', data: { items: 'no' } });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('invalid');
    expect(error.message).toBe('返回数据格式不正确');
    expect(error.data).toEqual({ status: 'OK', data: { items: 'no' } });
  });

  it('raises a status other than OK as refused, with the catalogue message or the description', () => {
    const locked = failure('annotate_result', { status: 'locked', description: '该条数据已被他人标注' });
    expect(locked.kind).toBe('refused');
    expect(locked.status).toBe('locked');
    expect(locked.message).toBe('该条数据已被他人标注');
    expect(locked.description).toBe('该条数据已被他人标注');
    const tooFast = failure('user_feedback', { status: '000', description: 'slow down' });
    expect(tooFast.message).toBe('操作太频繁，请勿重复请求');
    const bare = failure('annotate_result', { status: 'error' });
    expect(bare.message).toBe('未知系统错误，请反馈给管理员');
    expect(bare.description).toBeUndefined();
    expect(quotaFlow.ran).toEqual([]);
  });

  it('runs the quota flow for a quota status, then raises it as quota', () => {
    const error = failure('query_word', { status: quotaStatus.loggedIn, description: '今日免费次数已用完' });
    expect(error.kind).toBe('quota');
    expect(quotaFlow.ran).toEqual([quotaStatus.loggedIn]);
  });

  it('raises an OK answer without the data its call declares as empty; a call of any data may have none', () => {
    expect(failure('explain_pos', { status: 'OK' }).kind).toBe('empty');
    expect(failure('query_word', { status: 'OK' }).kind).toBe('empty');
    expect(read('logout', { status: 'OK' })).toBeUndefined();
    expect(read('annotate_result', { status: 'OK', description: '已保存' })).toBeUndefined();
  });

  it('reads the login calls as the BFF answers them: the user, never a token', () => {
    expect(answerSchemaOf('email_login')).not.toBe(calls.email_login.response);
    const user = { account: '10001', nickname: 'x', headimgurl: '', is_vip_now: false };
    for (const name of ['email_login', 'sms_login', 'password_login', 'get_wechat_access_token', 'bind_account'] as const) {
      expect(read(name, { status: 'OK', data: user }), name).toEqual(user);
      expect(failure(name, { status: 'OK', data: { token: 't', nickname: 'x', headimgurl: '' } }).kind, name).toBe('invalid');
    }
  });
});

describe('ApiError', () => {
  it('tells request failures from answers that say no', () => {
    expect(new ApiError('x', null, null, null).kind).toBe('network');
    expect(new ApiError('x', null, null, null).isRequestFailure).toBe(true);
    expect(ApiError.fromAnswer(500, {}).kind).toBe('http');
    expect(ApiError.fromAnswer(500, {}).isRequestFailure).toBe(true);
    expect(ApiError.fromAnswer(200, { status: 'no' }).kind).toBe('refused');
    expect(ApiError.fromAnswer(200, { status: 'no' }).isRequestFailure).toBe(false);
    expect(new ApiError('x', null, null, null, 'aborted').isRequestFailure).toBe(false);
  });
});
