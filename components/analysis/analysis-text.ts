/** What the analysis screens say about an offline answer (no language model configured). */
export const GLOSS_LABEL = '逐词释义';
export const NEEDS_MODEL_NOTICE = '未配置大模型，暂不能整句翻译';
