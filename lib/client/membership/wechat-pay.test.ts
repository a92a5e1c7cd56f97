import { describe, expect, it } from 'vitest';
import { jsapiParametersOf, wechatPayResultOf } from './wechat-pay';

const parameters = {
  appId: 'wx8888888888888888',
  timeStamp: '1414561699',
  nonceStr: '5K8264ILTKCH16CQ2502SI8ZNMTM67VS',
  package: 'prepay_id=wx201410272009395522657a690389285100',
  signType: 'RSA',
  paySign: 'oR9d8PuhnIc+YZ8cBHFCwfgpaK9gd7vaRvkYD7rthRAZ',
};

describe('jsapiParametersOf', () => {
  it('keeps exactly the six fields WeChat takes', () => {
    expect(jsapiParametersOf({ ...parameters, extra: 'x' })).toEqual(parameters);
  });

  it('refuses parameters with a field missing, empty or not a string', () => {
    const { paySign: _, ...unsigned } = parameters;
    expect(jsapiParametersOf(unsigned)).toBeNull();
    expect(jsapiParametersOf({ ...parameters, paySign: '' })).toBeNull();
    expect(jsapiParametersOf({ ...parameters, timeStamp: 1414561699 })).toBeNull();
    expect(jsapiParametersOf(null)).toBeNull();
    expect(jsapiParametersOf('prepay_id=wx')).toBeNull();
  });
});

describe('wechatPayResultOf', () => {
  it("reads WeChat's err_msg", () => {
    expect(wechatPayResultOf({ err_msg: 'get_brand_wcpay_request:ok' })).toBe('ok');
    expect(wechatPayResultOf({ err_msg: 'get_brand_wcpay_request:cancel' })).toBe('cancel');
    expect(wechatPayResultOf({ err_msg: 'get_brand_wcpay_request:fail' })).toBe('fail');
  });

  it('takes anything else as a failure', () => {
    expect(wechatPayResultOf({ err_msg: 'system:access_denied' })).toBe('fail');
    expect(wechatPayResultOf({})).toBe('fail');
    expect(wechatPayResultOf(undefined)).toBe('fail');
  });
});
