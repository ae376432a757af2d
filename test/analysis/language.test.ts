import { describe, expect, it } from 'vitest';
import { detectLanguage, UNDETERMINED } from '../../lib/analysis/language.js';

const samples: Record<string, string> = {
  en: 'The quick brown fox jumps over the lazy dog. It was a sunny day and everyone was happy to be outside.',
  es: 'El rápido zorro marrón salta sobre el perro perezoso. Era un día soleado y todos estaban felices de estar en el parque.',
  fr: "Le renard brun rapide saute par-dessus le chien paresseux. C'était une journée ensoleillée et tout le monde était dans le parc.",
  de: 'Der schnelle braune Fuchs springt über den faulen Hund. Es war ein sonniger Tag und alle waren froh, im Park zu sein.',
  it: 'La volpe marrone veloce salta sopra il cane pigro. Era una giornata di sole e tutti erano felici di essere nel parco.',
  pt: 'A rápida raposa marrom pula sobre o cão preguiçoso. Era um dia ensolarado e todos estavam felizes por estar no parque.',
  nl: 'De snelle bruine vos springt over de luie hond. Het was een zonnige dag en iedereen was blij om in het park te zijn.',
  sv: 'Den snabba bruna räven hoppar över den lata hunden. Det var en solig dag och alla var glada att vara i parken.',
  pl: 'Szybki brązowy lis przeskakuje nad leniwym psem. To był słoneczny dzień i wszyscy byli szczęśliwi, że są w parku.',
  tr: 'Hızlı kahverengi tilki tembel köpeğin üzerinden atlar. Güneşli bir gündü ve herkes parkta olmaktan çok mutluydu.',
  ru: 'Быстрая коричневая лиса прыгает через ленивую собаку. Это был солнечный день, и все были рады быть в парке.',
  uk: 'Швидка коричнева лисиця стрибає через ледачого пса. Це був сонячний день, і всі були раді бути в парку.',
  zh: '敏捷的棕色狐狸跳过了懒狗。今天是晴天，大家都很高兴在公园里。',
  ja: '素早い茶色の狐が怠け者の犬を飛び越える。晴れた日で、みんな公園にいて幸せだった。',
  ko: '빠른 갈색 여우가 게으른 개를 뛰어넘는다. 화창한 날이었고 모두가 공원에 있어서 행복했다.',
  ar: 'الثعلب البني السريع يقفز فوق الكلب الكسول. كان يومًا مشمسًا وكان الجميع سعداء بالتواجد في الحديقة.',
  he: 'השועל החום המהיר קופץ מעל הכלב העצלן. זה היה יום שמשי וכולם שמחו להיות בפארק.',
  el: 'Η γρήγορη καφέ αλεπού πηδάει πάνω από τον τεμπέλη σκύλο. Ήταν μια ηλιόλουστη μέρα.',
  th: 'สุนัขจิ้งจอกสีน้ำตาลกระโดดข้ามสุนัขขี้เกียจ วันนี้อากาศดีมาก',
  hi: 'तेज़ भूरी लोमड़ी आलसी कुत्ते के ऊपर कूदती है। यह एक धूप वाला दिन था।',
};

describe('detectLanguage', () => {
  for (const [language, text] of Object.entries(samples)) {
    it(`detects ${language}`, () => {
      expect(detectLanguage(text)).toBe(language);
    });
  }

  it('handles short shop-style sentences', () => {
    expect(
      detectLanguage('Willkommen in unserem Online-Shop. Kostenloser Versand für alle Bestellungen.'),
    ).toBe('de');
    expect(
      detectLanguage('Добро пожаловать в наш интернет-магазин. Бесплатная доставка для всех заказов.'),
    ).toBe('ru');
    expect(
      detectLanguage('Ласкаво просимо до нашого інтернет-магазину. Безкоштовна доставка для всіх замовлень.'),
    ).toBe('uk');
    expect(
      detectLanguage('Bem-vindo à nossa loja online. Frete grátis em todos os pedidos acima de R$50.'),
    ).toBe('pt');
  });

  it('returns und for a Latin-script language it has no profile for', () => {
    expect(detectLanguage('Lorem ipsum dolor sit amet, consectetur adipiscing elit.')).toBe(UNDETERMINED);
  });

  it('tells Persian from Arabic by Persian-only letters', () => {
    expect(
      detectLanguage('روباه قهوه‌ای سریع از روی سگ تنبل می‌پرد. یک روز آفتابی بود و همه در پارک بودند.'),
    ).toBe('fa');
  });

  it('returns und for digits only, very short text or no signal', () => {
    expect(detectLanguage('')).toBe(UNDETERMINED);
    expect(detectLanguage('1234567890 42 3.14')).toBe(UNDETERMINED);
    expect(detectLanguage('Hello')).toBe(UNDETERMINED);
    expect(detectLanguage('!!! ??? ...')).toBe(UNDETERMINED);
    expect(detectLanguage('Xylophone quartz zebra jukebox')).toBe(UNDETERMINED);
    expect(detectLanguage('你好')).toBe(UNDETERMINED);
  });

  it('lets the dominant script win in mixed text', () => {
    expect(detectLanguage('東京タワーは日本の有名な観光地です。Tokyo Tower')).toBe('ja');
  });

  it('is deterministic', () => {
    expect(detectLanguage(samples.de)).toBe(detectLanguage(samples.de));
  });
});
