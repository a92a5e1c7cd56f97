import type { EngineState } from '../../lib/contract';
import type { Db } from '../db/database';
import { isPostgres } from '../db/dialect';
import type { UpstreamConfig } from '../platform/config';

/** What the engine report reads: the configuration, the database, and the parsers' presence. */
export interface EngineProbe {
  config: Pick<UpstreamConfig, 'llm' | 'smtp' | 'sms' | 'wechat' | 'membership' | 'newsFeeds' | 'envType'>;
  db: Db;
  /** Link Grammar's worker: null when link-parser is not installed. */
  linkGrammar: unknown | null;
  /** The trained tagger and parser: null when their model files are not there (read lazily, not loaded here). */
  trainedParser: unknown | null;
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/**
 * The engines of the running upstream, as its operator needs to know them: which are the real
 * service, which the local sandbox (test machines only) and which are off, and what learners are
 * offered or miss because of each. Read from the same configuration the features read, so that
 * the report cannot say one thing while a feature does another.
 */
export function engineReport({ config, db, linkGrammar, trainedParser }: EngineProbe): EngineState[] {
  const { llm, smtp, sms, wechat, membership, newsFeeds } = config;
  const trees = trainedParser !== null;
  const wechatApps = [wechat.pc && '网站应用（扫码）', wechat.insideWechat && '公众号（微信内）'].filter(Boolean);
  return [
    llm
      ? {
          engine: 'language_model',
          title: '大模型',
          state: 'on',
          detail: `${llm.model} @ ${hostOf(llm.baseUrl)}`,
          effect: '整句翻译、AI 老师答疑和 AI 作文点评已开放，会员页列出它们',
        }
      : {
          engine: 'language_model',
          title: '大模型',
          state: 'off',
          detail: '未设置 LLM_BASE_URL（任何 OpenAI 兼容接口，见 README 运营一节）',
          effect: '不提供也不宣传整句翻译、AI 答疑和 AI 作文点评；翻译这句显示逐词释义，答疑由离线助教根据句子分析回答',
        },
    {
      engine: 'mail',
      title: '邮件',
      state: smtp ? 'on' : 'sandbox',
      detail: smtp ? `SMTP ${smtp.host}:${smtp.port}` : '未设置 SMTP_HOST：验证码只写入发件箱和日志',
      effect: smtp ? '邮箱验证码登录' : '邮箱验证码只在测试环境可用',
    },
    {
      engine: 'sms',
      title: '短信',
      state: sms ? 'on' : 'sandbox',
      detail: sms ? `腾讯云短信 ${sms.region}，签名 ${sms.signName}` : '未设置 SMS_TENCENT_*：验证码只写入短信发件箱和日志',
      effect: sms ? '手机号验证码登录' : '手机号验证码登录只在测试环境可用',
    },
    {
      engine: 'wechat_login',
      title: '微信登录',
      state: wechatApps.length > 0 ? 'on' : 'sandbox',
      detail: wechatApps.length > 0 ? wechatApps.join('、') : '未设置 WECHAT_OPEN_APP_ID / WECHAT_MP_APP_ID：使用本地授权沙箱',
      effect: wechatApps.length > 0 ? '电脑扫码与微信内登录' : '微信登录只在测试环境可用',
    },
    {
      engine: 'wechat_pay',
      title: '微信支付',
      state: membership.wechatPay ? 'on' : 'sandbox',
      detail: membership.wechatPay ? `商户号 ${membership.wechatPay.mchId}` : '未设置 WECHAT_PAY_*：使用本地支付沙箱',
      effect: membership.wechatPay ? '会员可用微信支付购买' : '购买会员只在测试环境的沙箱中可用',
    },
    {
      engine: 'database',
      title: '数据库',
      state: 'on',
      detail: isPostgres(db) ? 'PostgreSQL' : 'SQLite（单机）',
      effect: isPostgres(db) ? '可以多实例运行' : '只能单实例运行',
    },
    {
      engine: 'trained_parser',
      title: '句法分析模型',
      state: trees ? 'on' : 'off',
      detail: trees ? '在 UD English EWT 上训练的词性标注与依存句法模型' : '模型文件缺失',
      effect: trees ? '句子分析和整篇解析' : '句子分析退回近似分析',
    },
    {
      engine: 'link_grammar',
      title: 'Link Grammar',
      state: linkGrammar ? 'on' : 'off',
      detail: linkGrammar ? 'link-parser 已安装' : 'link-parser 未安装（INSTALL_PARSER）',
      effect: linkGrammar ? '查词的词在句中作用、写作语法检查' : '查词不显示词在句中的作用，写作跳过语法检查',
    },
    {
      engine: 'speech',
      title: '语音合成',
      state: 'on',
      detail: 'espeak-ng（随产品安装）；浏览器有自然人声时优先用浏览器的',
      effect: '单词与文章朗读',
    },
    {
      engine: 'news_feeds',
      title: '新闻源',
      state: newsFeeds.sources.length > 0 ? 'on' : 'off',
      detail:
        newsFeeds.sources.length > 0
          ? `${newsFeeds.sources.length} 个（每 ${newsFeeds.intervalMinutes} 分钟）`
          : '未设置 NEWS_FEEDS',
      effect: newsFeeds.sources.length > 0 ? '新闻栏目自动更新' : '新闻栏目只有导入的文章',
    },
  ];
}
