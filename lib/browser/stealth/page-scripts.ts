/**
 * Scripts added to a stealth context before any page script runs. They are strings, not functions,
 * so that what runs in the page is exactly what is written here whatever the TypeScript toolchain
 * adds to functions (esbuild's `__name` helpers break `Function.toString`).
 */

/**
 * Canvas and WebGL masking (medium and above): a few low bits of what a page reads back from a
 * canvas or a WebGL buffer are flipped with a per-context seed, so a canvas hash differs between
 * contexts but stays stable within one, as it would on one real machine.
 */
export function canvasMaskScript(seed: number): string {
  return `(() => {
  const seed = ${seed >>> 0};
  const flip = (i) => (((seed ^ (i * 2654435761)) >>> 0) % 7 === 0 ? 1 : 0);
  const perturb = (data) => { for (let i = 0; i < data.length; i += 4) data[i] = data[i] ^ flip(i); };
  const native = new WeakSet();
  const toString = Function.prototype.toString;
  const nativeString = (fn, name) => { native.add(fn); Object.defineProperty(fn, 'name', { value: name }); };
  Function.prototype.toString = new Proxy(toString, {
    apply(target, self, args) {
      if (native.has(self)) return 'function ' + self.name + '() { [native code] }';
      return Reflect.apply(target, self, args);
    },
  });
  const proto2d = CanvasRenderingContext2D.prototype;
  const getImageData = proto2d.getImageData;
  proto2d.getImageData = function (...args) {
    const image = getImageData.apply(this, args);
    perturb(image.data);
    return image;
  };
  nativeString(proto2d.getImageData, 'getImageData');
  const masked = (canvas, call) => {
    const context = canvas.getContext && canvas.getContext('2d');
    if (!context || canvas.width === 0 || canvas.height === 0) return call();
    const original = getImageData.call(context, 0, 0, canvas.width, canvas.height);
    const copy = new ImageData(new Uint8ClampedArray(original.data), original.width, original.height);
    perturb(copy.data);
    context.putImageData(copy, 0, 0);
    try { return call(); } finally { context.putImageData(original, 0, 0); }
  };
  const canvasProto = HTMLCanvasElement.prototype;
  const toDataURL = canvasProto.toDataURL;
  canvasProto.toDataURL = function (...args) { return masked(this, () => toDataURL.apply(this, args)); };
  nativeString(canvasProto.toDataURL, 'toDataURL');
  const toBlob = canvasProto.toBlob;
  canvasProto.toBlob = function (...args) { return masked(this, () => toBlob.apply(this, args)); };
  nativeString(canvasProto.toBlob, 'toBlob');
  for (const name of ['WebGLRenderingContext', 'WebGL2RenderingContext']) {
    const ctor = window[name];
    if (!ctor) continue;
    const readPixels = ctor.prototype.readPixels;
    ctor.prototype.readPixels = function (...args) {
      const result = readPixels.apply(this, args);
      const pixels = args[6];
      if (pixels && pixels.length) perturb(pixels);
      return result;
    };
    nativeString(ctor.prototype.readPixels, 'readPixels');
  }
})();`;
}

/** `blockWebRTC`: no peer connection can be made, so no local address can be learnt through ICE. */
export const BLOCK_WEBRTC_SCRIPT = `(() => {
  for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel', 'RTCIceCandidate']) {
    try { Object.defineProperty(window, name, { value: undefined, configurable: true, writable: true }); } catch {}
  }
})();`;

/** `hideWebDriver: false` at medium and above: the fingerprint script hides it, this shows it again. */
export const SHOW_WEBDRIVER_SCRIPT = `(() => {
  try { Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => true, configurable: true }); } catch {}
})();`;
