import {
  cookie,
  cookiePrefix,
  element,
  header,
  leadingLine,
  markup,
  scriptDoing,
  text,
  title,
  type VendorSignature,
  type WallSignal,
} from './bot-wall-signals.js';

export type { PageView, SignalStrength } from './bot-wall-signals.js';

/** What loads each captcha service sites embed, in their own forms or as a whole-page gate. */
const CAPTCHA_WIDGET_SCRIPTS: readonly RegExp[] = [
  /(?:www\.google\.com|www\.recaptcha\.net)\/recaptcha\/(?:api|enterprise)\.js/, // reCAPTCHA
  /(?:js\.)?hcaptcha\.com\/1\/api\.js/, // hCaptcha
  /challenges\.cloudflare\.com\/turnstile\/v\d\/api\.js/, // Turnstile
  /(?:static|gcaptcha4)\.geetest\.com\/|\binitGeetest4?\b/, // GeeTest
  /(?:client-api\.arkoselabs\.com|[\w-]+\.funcaptcha\.com)\//, // Arkose Labs (FunCaptcha)
  /smartcaptcha\.yandexcloud\.net\/captcha\.js/, // Yandex SmartCaptcha
  /\/TCaptcha(?:-global)?\.js/, // Tencent captcha
  /friendlycaptcha/, // Friendly Captcha
  /\baltcha\b/, // ALTCHA
];

function anyOf(patterns: readonly RegExp[]): RegExp {
  return new RegExp(patterns.map((pattern) => pattern.source).join('|'));
}

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
      // The whole title: an article may well be called "Just a moment: inside Cloudflare's check".
      // Since 2023 the title follows the visitor's language; the markup below does not.
      title(/^just a moment(?:,? please)?\s*(?:\.{3}|…)?$/i, 'challenge'),
      title(/^(?:attention required!|please wait\.*|one more step)\s*\|\s*cloudflare$/i, 'challenge'),
      // The JavaScript and captcha challenges of 2013-2021 post to /cdn-cgi/l/chk_jschl or chk_captcha,
      // with jschl_vc / jschl_answer fields; captcha pages of those years also sent cf-chl-bypass.
      markup(/\/cdn-cgi\/l\/chk_(?:jschl|captcha)/, 'challenge'),
      element(
        /^(?:jschl-answer|jschl-vc|cf-content|cf-spinner-please-wait|cf-spinner-redirecting)$/,
        'challenge',
      ),
      header('cf-chl-bypass', 'challenge'),
      text(/\bDDoS protection by Cloudflare\b/i, 'challenge'),
      // The 2015 wording, copied by every "5-second shield" since: it names no vendor.
      text(/please allow up to 5 seconds/i, 'wording'),
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
      element(
        /^(?:challenge-form|challenge-running|challenge-stage|challenge-body-text|challenge-error-text|cf-chl-widget-\w+|cf-challenge-running|cf-please-wait|trk_jschal_js|cf-challenge-hcaptcha-wrapper|cf-norobot-container)$/,
        'challenge',
      ),
      // The Turnstile frame of a challenge page; a site's own widget loads /turnstile/v0/api.js.
      markup(/challenges\.cloudflare\.com\/cdn-cgi\/challenge-platform\//, 'challenge'),
      // A waiting room holds the visitor on a page that refreshes itself until their turn.
      title(/^waiting room powered by cloudflare$/i, 'challenge'),
      cookie('__cfwaitingroom', 'presence'),
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
      element(/^px-captcha(?:-wrapper|-modal)?$/, 'challenge'),
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
      element(/^sec-(?:if-container|if-cpt-container|cpt-if|overlay|text-if)$/, 'challenge'),
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
      // CloudFront, whose "Request blocked" 403 is AWS WAF's block behind it.
      header('x-amz-cf-id', 'presence'),
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
      markup(
        /\/distil_r_(?:captcha|blocked)\.html|\bdistil_identify_cookie\b|\bdistilCaptchaForm\b|\bdistilCallbackGuard\b|cdn\.distilnetworks\.com/,
        'challenge',
      ),
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
      element(/^link-ddg$/, 'challenge'),
      markup(/\/\.well-known\/ddos-guard\/(?:js-challenge|check)|check\.ddos-guard\.net/, 'challenge'),
      header('server', 'presence', /^ddos-guard$/i),
      cookiePrefix(/^__ddg(?:1|2|id|mark)_?/, 'presence'),
    ],
  },
  {
    // Anubis (TecharoHQ), the proof-of-work gate many forges, wikis and archives put up in 2025.
    // The challenge runs from main.mjs under /.within.website/; the mascot images under the same
    // path also show on pages about Anubis, so only the script and the page's data blocks count.
    vendor: 'anubis',
    signals: [
      markup(/\/\.within\.website\/x\/cmd\/anubis\/static\/js\/(?:main|bench)\.mjs/, 'challenge'),
      element(/^anubis_(?:challenge|version|base_prefix|public_url)$/, 'challenge'),
      leadingLine(/^making sure you'?re not a bot!?$/i, 'wording'),
      text(/protected by anubis from techaro/i, 'wording'),
      cookiePrefix(/anubis-(?:auth|cookie-verification)$/, 'presence'),
    ],
  },
  {
    // A Queue-it waiting room: the visitor is sent to <customer>.queue-it.net and kept there.
    // Every page of a site using its client-side connector loads queue-it scripts too, so only the
    // room itself (its host, its queue client, its MainPart_ widgets) makes the case.
    vendor: 'queue-it',
    signals: [
      markup(/^https?:\/\/[\w-]+\.queue-it\.net\//, 'challenge'),
      markup(/\/script\/queueclient(?:\.min)?\.js/, 'challenge'),
      element(/^MainPart_(?:lb|p|div)\w+$/, 'challenge'),
      text(/you are now in line|your estimated wait time|number of users in line ahead of you/i, 'wording'),
      cookiePrefix(/^QueueITAccepted-/, 'presence'),
      markup(/(?:static|assets)\.queue-it\.net\//, 'presence'),
    ],
  },
  {
    // Radware Bot Manager (ShieldSquare before 2019) sends a flagged visitor to a captcha on
    // validate.perfdrive.com; Radware's cloud WAF (AppWall) answers "Unauthorized Request Blocked".
    vendor: 'radware',
    signals: [
      markup(/\b(?:validate|captcha)\.perfdrive\.com\b|\bcas\.avalon\.perfdrive\.com\b/, 'challenge'),
      title(
        /^(?:radware (?:bot manager )?captcha(?: page)?|shieldsquare captcha|unauthorized request blocked)$/i,
        'challenge',
      ),
      text(/cloudwebsec@radware\.com|solve this captcha to request unblock/i, 'challenge'),
      text(/because we have detected unauthorized activity/i, 'wording'),
      header('x-sl-compstate', 'presence'),
      cookiePrefix(/^__uzm[a-f]$/, 'presence'),
    ],
  },
  {
    vendor: 'reblaze',
    signals: [
      // The JavaScript challenge computes the rbzid cookie and reloads; the block page says
      // "Access denied (403)" and "Current session has been terminated".
      markup(/\brbzid\b|\brbzns\b/, 'challenge'),
      text(/current session has been terminated/i, 'challenge'),
      cookie('rbzid', 'presence'),
      header('server', 'presence', /reblaze/i),
    ],
  },
  {
    vendor: 'qrator',
    signals: [
      markup(/\/__qrator\//, 'challenge'),
      header('server', 'presence', /^qrator/i),
      cookiePrefix(/^qrator_/, 'presence'),
    ],
  },
  {
    // Alibaba Cloud (Aliyun) WAF: the slider captcha at /_____tmd_____/punish, the acw_sc__v2
    // cookie challenge, and the 405 block page served from errors.aliyun.com.
    vendor: 'alibaba',
    signals: [
      markup(
        /_{3,}tmd_{3,}\/punish|\bx5secdata\b|\bacw_sc__v2\b|g\.alicdn\.com\/(?:sd\/nch5|captcha-frontend)\//,
        'challenge',
      ),
      text(
        /your request has been blocked as it may cause potential threats to the server'?s security/i,
        'challenge',
      ),
      markup(
        /errors?\.aliyun(?:dun)?\.(?:com|net)\/|alicdn\.com\/sd-base\/static\/[\d.]+\/image\/405\.png/,
        'challenge',
      ),
      cookie('acw_tc', 'presence'),
      cookie('x5sec', 'presence'),
    ],
  },
  {
    vendor: 'tencent',
    signals: [
      // Tencent Cloud WAF's block answer sends the browser to its own 403/501 page.
      markup(/waf(?:-static)?\.tencent(?:-cloud)?\.com\/(?:403|501)page\.html/, 'challenge'),
    ],
  },
  {
    // Wordfence, the WordPress firewall: "Your access to this site has been limited by the site
    // owner", with "Generated by Wordfence" in the footer.
    vendor: 'wordfence',
    signals: [
      text(/generated by wordfence\b/i, 'challenge'),
      text(/broke one of (?:the )?wordfence (?:advanced )?blocking rules/i, 'challenge'),
      text(/your access to this (?:site|service) has been (?:temporarily )?limited/i, 'wording'),
      header('server', 'presence', /wf[_-]?waf/i),
    ],
  },
  {
    // ModSecurity's default answers (406 "Not Acceptable!", 403) on shared hosting.
    vendor: 'modsecurity',
    signals: [
      text(
        /this error was generated by mod_?security|mod.security rules triggered|protected by mod.?security/i,
        'challenge',
      ),
      title(/^(?:406 )?not acceptable!?$/i, 'wording'),
      header('server', 'presence', /mod_security|\bNOYB\b/i),
    ],
  },
  {
    vendor: 'stackpath',
    signals: [
      text(/is using a security service for protection against online attacks/i, 'challenge'),
      text(/an action has triggered the service and blocked your request/i, 'challenge'),
      title(/^stackpath\b/i, 'wording'),
    ],
  },
  {
    // SiteGround's bot check sends the browser to /.well-known/sgcaptcha/.
    vendor: 'siteground',
    signals: [
      markup(/\/\.well-known\/sgcaptcha\//, 'challenge'),
      text(/our system thinks you might be a robot/i, 'challenge'),
      title(/^robot challenge screen$/i, 'wording'),
    ],
  },
  {
    vendor: 'baidu',
    signals: [
      // Baidu Yunjiasu, a Cloudflare partner network in China, with its own cookie check.
      markup(/\/\.well-known\/yunjiasu-cgi\/|\byjs_use_ob\b/, 'challenge'),
      header('server', 'presence', /yunjiasu/i),
    ],
  },
  {
    // Shield Security, a WordPress firewall.
    vendor: 'shield-security',
    signals: [
      text(/you were blocked by the shield/i, 'challenge'),
      text(/remaining transgression\(s\) against this site/i, 'challenge'),
    ],
  },
  {
    vendor: 'bitninja',
    signals: [
      text(/security check by bitninja/i, 'challenge'),
      leadingLine(/^visitor anti-robot validation$/i, 'wording'),
    ],
  },
  {
    vendor: 'yandex',
    signals: [
      // Yandex's own robot check: the visitor is sent to /showcaptcha, which posts to /checkcaptcha.
      markup(/\/showcaptcha\?/, 'challenge'),
      markup(/\/checkcaptcha\?/, 'challenge'),
    ],
  },
  // Vendors known only by the network answering: a challenge found by the general signals below,
  // or a thin 403/429, is named after them.
  { vendor: 'variti', signals: [header('server', 'presence', /^variti/i)] },
  { vendor: 'bunny', signals: [header('server', 'presence', /^bunnycdn/i)] },
  { vendor: 'netacea', signals: [cookiePrefix(/^_mitata/, 'presence')] },
  {
    vendor: 'imunify360',
    signals: [
      text(/(?:protected|powered) by imunify360|access denied by imunify360/i, 'challenge'),
      header('server', 'presence', /imunify360/i),
    ],
  },
  {
    // A captcha as the whole page: Google's "unusual traffic" page, or any site's interstitial
    // built on a captcha service. A form that merely carries a captcha has fields to fill in
    // (guardsForms), and a short one still needs a block status or a second signal.
    vendor: 'captcha',
    guardsForms: true,
    signals: [
      markup(anyOf(CAPTCHA_WIDGET_SCRIPTS), 'challenge'),
      element(
        /^(?:captcha-form|recaptcha|h-captcha|challenge-captcha|cf-turnstile|captcha-box|captcha-container)$/,
        'wording',
      ),
      text(
        /our systems have detected unusual traffic from your computer network|please (?:complete|solve) the (?:security check|captcha|puzzle|verification)|verify (?:that )?you are (?:a )?human|i'?m not a robot/i,
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

/** How a challenge opens, in its title or first lines, whoever wrote it. */
const CHALLENGE_OPENINGS: readonly RegExp[] = [
  /just a moment|one moment,? please/,
  /please wait while we (?:check|verify)/,
  /checking (?:your (?:browser|connection|request)|the site connection|if the site)/,
  /checking (?:that )?you(?:'re| are) (?:not a (?:bot|robot)|human)/,
  /(?:please )?(?:verifying|verify|confirm|prove) (?:you are|that you are|you'?re|your browser|your connection)/,
  /(?:please )?complete the (?:security check|captcha)/,
  /(?:browser|bot|human|security|robot|captcha) (?:check|verification|challenge|validation)/,
  /are you (?:a )?(?:human|robot)|i'?m not a robot/,
  /making sure you'?re not a bot/,
  /ddos protection/,
];

/**
 * What every JavaScript or proof-of-work challenge looks like, whoever wrote it, for the pages no
 * signature above names. `machinery` is the challenge at work: a script that stores a cookie and
 * loads the page again (a reload, a new location, a form it submits). `leading` is a page that
 * opens by saying it is checking the visitor.
 * bot-wall.ts decides what together makes a wall.
 */
export const GENERIC_CHALLENGE: { machinery: WallSignal; leading: WallSignal } = {
  machinery: scriptDoing(
    'stores a cookie and loads the page again',
    [
      /document\.cookie\s*=/,
      /\blocation\.(?:reload|replace|assign)\s*\(|\blocation(?:\.href)?\s*=(?!=)|\.submit\s*\(\s*\)/,
    ],
    'challenge',
  ),
  leading: leadingLine(new RegExp(`^(?:${anyOf(CHALLENGE_OPENINGS).source})\\b`, 'i'), 'wording'),
};
