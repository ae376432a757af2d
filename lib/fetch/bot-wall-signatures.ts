import {
  cookie,
  cookiePrefix,
  element,
  header,
  markup,
  text,
  title,
  type VendorSignature,
} from './bot-wall-signals.js';

export type { PageView, SignalStrength } from './bot-wall-signals.js';

/**
 * Each vendor's challenge and block pages as their markers show them, every generation still
 * served. Markers come from the vendors' own pages (titles, element ids, script paths, headers);
 * what only shows on a wall is a `challenge`, what shows on every page a vendor serves a `presence`.
 */
export const VENDOR_SIGNATURES: readonly VendorSignature[] = [
  {
    vendor: 'cloudflare',
    signals: [
      header('cf-mitigated', 'verdict', /^challenge$/i),
      // 2013 to today: "Just a moment..." (JavaScript challenge), "Attention Required!" (captcha or
      // block), "Please Wait... | Cloudflare" and "One more step" (captcha).
      title(/^just a moment\b/i, 'challenge'),
      title(/^(?:attention required!|please wait\.*|one more step)\s*\|\s*cloudflare$/i, 'challenge'),
      // The JavaScript and captcha challenges of 2013-2021 post to /cdn-cgi/l/chk_jschl or chk_captcha,
      // with jschl_vc / jschl_answer fields; captcha pages of those years also sent cf-chl-bypass.
      markup(/\/cdn-cgi\/l\/chk_(?:jschl|captcha)/, 'challenge'),
      element(
        /^(?:jschl-answer|jschl-vc|cf-content|cf-spinner-please-wait|cf-spinner-redirecting)$/,
        'challenge',
      ),
      header('cf-chl-bypass', 'challenge'),
      text(/\bDDoS protection by Cloudflare\b|please allow up to 5 seconds/i, 'challenge'),
      // The managed challenge and Turnstile interstitial of 2022 on: "example.com needs to review
      // the security of your connection before proceeding", "Performing security verification".
      text(
        /needs to review the security of your connection before proceeding|performing security verification\b[\s\S]{0,200}security service to protect against malicious bots/i,
        'challenge',
      ),
      markup(/_cf_chl_opt/, 'challenge'),
      // Normal pages load challenge-platform/scripts/jsd/main.js (bot detection); only the
      // challenge page loads an "orchestrate" script.
      markup(/challenge-platform\/(?:h\/\w+\/)?orchestrate\/\w+/, 'challenge'),
      markup(/__cf_chl_\w*/, 'challenge'),
      element(/^(?:challenge-form|challenge-running|cf-chl-widget-\w+)$/, 'challenge'),
      // Wraps Cloudflare's 52x origin-error pages as well as its block page.
      element(/^cf-error-details$/, 'wording'),
      text(
        /checking your browser before accessing|verify(?:ing)? you are human|sorry, you have been blocked/i,
        'wording',
      ),
      header('cf-ray', 'presence'),
      header('server', 'presence', /^cloudflare(?:-nginx)?$/i),
      cookie('__cf_bm', 'presence'),
      cookie('__cfduid', 'presence'),
    ],
  },
  {
    vendor: 'datadome',
    signals: [
      markup(/(?:[\w-]+\.)?captcha-delivery\.com/, 'challenge'),
      markup(/\bvar dd\s*=\s*\{\s*'rt'/, 'challenge'),
      header('x-datadome', 'presence'),
      header('x-datadome-cid', 'presence'),
      cookie('datadome', 'presence'),
      markup(/js\.datadome\.co/, 'presence'),
    ],
  },
  {
    vendor: 'perimeterx',
    signals: [
      element(/^px-captcha$/, 'challenge'),
      text(/press\s*(?:&|and)\s*hold to confirm you are\s+a human/i, 'challenge'),
      markup(/captcha\.px-(?:cdn|cloud)\.net|_pxJsClientSrc|pxCaptchaSrc/, 'challenge'),
      title(/^access to this page has been denied\.?$/i, 'wording'),
      // The sensor snippet (window._pxAppId) is on every page of a protected site.
      markup(/window\._pxAppId|client\.perimeterx\.net|perimeterx/i, 'presence'),
      cookie('_pxhd', 'presence'),
      cookie('_px3', 'presence'),
      cookie('_pxvid', 'presence'),
    ],
  },
  {
    vendor: 'akamai',
    signals: [
      text(/reference\s*#\s*\d+\.[0-9a-f]+\.\d+\.[0-9a-f]+/i, 'challenge'),
      text(/errors\.edgesuite\.net/i, 'challenge'),
      // Bot Manager's interstitial of 2023 on: an iframe to /_sec/cp_challenge/, or the
      // bm-verify page that posts to /_sec/verify.
      markup(/\/_sec\/(?:cp_challenge\/|verify\b)/, 'challenge'),
      element(/^sec-(?:if-container|cpt-if|overlay|text-if)$/, 'challenge'),
      text(/powered and protected by akamai/i, 'challenge'),
      title(/^access denied$/i, 'wording'),
      header('server', 'presence', /akamaighost/i),
      cookie('_abck', 'presence'),
      cookie('bm_sz', 'presence'),
      cookie('ak_bmsc', 'presence'),
    ],
  },
  {
    vendor: 'amazon',
    signals: [
      // AWS WAF: a challenge answers 202 with an empty body, a captcha 405; both say so in a header.
      header('x-amzn-waf-action', 'verdict', /^(?:challenge|captcha|block)$/i),
      markup(
        /[\w-]+\.(?:token|captcha|captcha-sdk|edge\.captcha-sdk)\.awswaf\.com|\bgokuProps\b|\bAwsWafCaptcha\b|\bAwsWafIntegration\b/,
        'challenge',
      ),
      markup(/\/errors\/validateCaptcha/, 'challenge'),
      markup(/opfcaptcha/, 'challenge'),
      markup(/To discuss automated access to Amazon data/i, 'challenge'),
      markup(/api-services-support@amazon\.com/i, 'challenge'),
      element(/^captchacharacters$/, 'challenge'),
      text(/type the characters you see in this image|enter the characters you see below/i, 'wording'),
      header('x-amz-rid', 'presence'),
    ],
  },
  {
    vendor: 'vercel',
    signals: [
      header('x-vercel-mitigated', 'verdict', /^(?:challenge|deny)$/i),
      header('x-vercel-challenge-token', 'challenge'),
      title(/^vercel security checkpoint$/i, 'challenge'),
      markup(/\.well-known\/vercel\/security\//, 'challenge'),
      header('x-vercel-id', 'presence'),
      header('server', 'presence', /^vercel$/i),
    ],
  },
  {
    vendor: 'imperva',
    signals: [
      // Incapsula's block page ("Request unsuccessful. Incapsula incident ID: …") and its JavaScript
      // challenge both load /_Incapsula_Resource; Imperva's Advanced Bot Protection (Distil before
      // 2019) answers with "Pardon Our Interruption".
      markup(/\/_Incapsula_Resource\b/, 'challenge'),
      text(/incapsula incident id/i, 'challenge'),
      title(/^pardon our interruption/i, 'challenge'),
      markup(/\/distil_r_(?:captcha|blocked)\.html|\bdistil_identify_cookie\b/, 'challenge'),
      text(/something about your browser made us think you were a bot/i, 'challenge'),
      header('x-iinfo', 'presence'),
      header('x-cdn', 'presence', /incapsula|imperva/i),
      cookiePrefix(/^(?:visid_incap_|incap_ses_|reese84$)/, 'presence'),
    ],
  },
  {
    vendor: 'kasada',
    signals: [
      // A 429 whose page loads ips.js from a path of two UUIDs and starts window.KPSDK.
      markup(/\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/ips\.js/i, 'challenge'),
      markup(/\bKPSDK\.(?:start|now)\b/, 'challenge'),
      header('x-kpsdk-ct', 'challenge'),
      header('x-kpsdk-r', 'presence'),
    ],
  },
  {
    vendor: 'f5',
    signals: [
      // BIG-IP ASM's block page, and the Bot Defense (formerly Shape) JavaScript challenge that
      // loads /TSPD/<hash>?type=N and sets window["bobcmn"].
      text(/the requested url was rejected\. please consult with your administrator/i, 'challenge'),
      text(/your support id is:?\s*\d{6,}/i, 'challenge'),
      markup(/\/TSPD\/[0-9a-f]{6,}\?type=\d+/i, 'challenge'),
      markup(/window\[["']bobcmn["']\]/, 'challenge'),
      title(/^request rejected$/i, 'wording'),
      cookiePrefix(/^TS01[0-9a-f]{6}/i, 'presence'),
    ],
  },
  {
    vendor: 'sucuri',
    signals: [
      header('x-sucuri-block', 'verdict'),
      title(/^sucuri website firewall\b.*access denied/i, 'challenge'),
      text(/access denied - sucuri website firewall|cloudproxy@sucuri\.net/i, 'challenge'),
      // The JavaScript challenge computes its cookie from an obfuscated string and reloads.
      markup(/\bsucuri_cloudproxy_js\b/, 'challenge'),
      markup(/cdn\.sucuri\.net\/sucuri[-_]firewall[-_]block\.css/, 'challenge'),
      header('x-sucuri-id', 'presence'),
      header('server', 'presence', /^sucuri(?:\/cloudproxy)?$/i),
    ],
  },
  {
    vendor: 'ddos-guard',
    signals: [
      title(/^ddos-guard$/i, 'challenge'),
      markup(/\/\.well-known\/ddos-guard\/(?:js-challenge|check)|check\.ddos-guard\.net/, 'challenge'),
      header('server', 'presence', /^ddos-guard$/i),
      cookiePrefix(/^__ddg(?:1|2|id|mark)_?/, 'presence'),
    ],
  },
  {
    // A captcha as the whole page: Google's "unusual traffic" page, or any site's interstitial
    // built on reCAPTCHA or hCaptcha. A form that merely carries a captcha is not thin and says
    // none of the wording, so it takes a block status or a second signal to count.
    vendor: 'captcha',
    signals: [
      markup(
        /(?:www\.google\.com|www\.recaptcha\.net)\/recaptcha\/(?:api|enterprise)\.js|(?:js\.)?hcaptcha\.com\/1\/api\.js/,
        'challenge',
      ),
      element(/^(?:captcha-form|recaptcha|h-captcha|challenge-captcha)$/, 'wording'),
      text(
        /our systems have detected unusual traffic from your computer network|please (?:complete|solve) the (?:security check|captcha)|verify (?:that )?you are (?:a )?human|i'?m not a robot/i,
        'wording',
      ),
    ],
  },
  {
    vendor: 'fastly',
    optIn: true,
    signals: [
      text(/request blocked/i, 'wording'),
      // Fastly's synthetic error page; it also wraps plain origin errors, so it only corroborates.
      text(/guru mediation/i, 'wording'),
      header('x-served-by', 'presence', /^cache-[\w-]+/i),
      header('x-fastly-request-id', 'presence'),
      header('x-timer', 'presence', /^S\d+\.\d+,VS\d+/),
    ],
  },
];
