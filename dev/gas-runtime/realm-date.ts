/**
 * Source of the realm's Date (evaluated inside each execution's vm context, see realm.ts).
 *
 * Apps Script runs V8 with the script's time zone as local time, and its clock is ours to
 * control. So the built-in Date is replaced by a function that
 * - takes "now" from the virtual clock (`new Date()`, `Date()`, `Date.now()`);
 * - shares the built-in prototype, so `instanceof Date` holds for every date of the realm;
 * - does local-time work (getHours, setDate, new Date(y, m, d), toString, parsing of strings
 *   without a zone...) in the script time zone instead of the host's TZ.
 * Intl and toLocale*String default to the script time zone as well. The host passes `offset(ms)`
 * (minutes east of UTC in the script zone at that instant) and `zoneName(ms)` ("Eastern
 * Standard Time").
 */
export const REALM_DATE_SOURCE = String.raw`
function installDate(g, nowFn, offset, zoneName, timeZone) {
  'use strict';
  var NativeDate = g.Date;
  var P = NativeDate.prototype;
  var getTime = P.getTime;
  var setTime = P.setTime;
  var MIN = 60000;
  var DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  var MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  // The host-zone getters, kept before they are replaced below.
  var hostLocal = { y: P.getFullYear, mo: P.getMonth, d: P.getDate, h: P.getHours, mi: P.getMinutes, s: P.getSeconds, ms: P.getMilliseconds };

  function wallToUtc(wall) {
    if (wall !== wall) return NaN;
    var t = wall - offset(wall) * MIN;
    return wall - offset(t) * MIN;
  }
  function shifted(d) {
    var t = getTime.call(d);
    return t !== t ? null : new NativeDate(t + offset(t) * MIN);
  }
  // A string without an explicit zone is local time: re-read its wall clock in the script zone.
  function parseLocal(s) {
    var t = NativeDate.parse(s);
    if (t !== t) return t;
    var str = String(s).trim();
    if (/^\d{4}(-\d\d(-\d\d)?)?$/.test(str) || /(Z|GMT|UTC|[+-]\d\d:?\d\d)\s*(\(.*\))?$/i.test(str)) return t;
    // V8 read it in the host's zone: its host wall clock is the wall clock the string meant.
    var h = new NativeDate(t);
    return wallToUtc(NativeDate.UTC(hostLocal.y.call(h), hostLocal.mo.call(h), hostLocal.d.call(h), hostLocal.h.call(h),
      hostLocal.mi.call(h), hostLocal.s.call(h), hostLocal.ms.call(h)));
  }

  function Date(y, m, d, h, mi, s, ms) {
    var n = arguments.length;
    if (!new.target) return Date.prototype.toString.call(new NativeDate(nowFn()));
    var t;
    if (n === 0) t = nowFn();
    else if (n === 1) {
      var v = y;
      if (v !== null && typeof v === 'object' && Object.prototype.toString.call(v) === '[object Date]') t = getTime.call(v);
      else {
        v = typeof v === 'object' && v !== null ? v.valueOf() : v;
        t = typeof v === 'string' ? parseLocal(v) : Number(v);
      }
    } else {
      var yy = Number(y);
      if (yy >= 0 && yy <= 99 && Math.floor(yy) === yy) yy += 1900;
      t = wallToUtc(NativeDate.UTC(yy, Number(m), n > 2 ? Number(d) : 1, n > 3 ? Number(h) : 0, n > 4 ? Number(mi) : 0,
        n > 5 ? Number(s) : 0, n > 6 ? Number(ms) : 0));
    }
    return Reflect.construct(NativeDate, [t], new.target);
  }
  Object.defineProperty(Date, 'prototype', { value: P, writable: false });
  Object.defineProperty(P, 'constructor', { value: Date, writable: true, configurable: true });
  Date.now = function now() { return nowFn(); };
  Date.parse = function parse(s) { return parseLocal(String(s)); };
  Date.UTC = NativeDate.UTC;

  function define(name, fn) { Object.defineProperty(P, name, { value: fn, writable: true, configurable: true }); }
  function getter(utcName) {
    return function () { var sh = shifted(this); return sh === null ? NaN : sh[utcName](); };
  }
  define('getFullYear', getter('getUTCFullYear'));
  define('getMonth', getter('getUTCMonth'));
  define('getDate', getter('getUTCDate'));
  define('getDay', getter('getUTCDay'));
  define('getHours', getter('getUTCHours'));
  define('getMinutes', getter('getUTCMinutes'));
  define('getSeconds', getter('getUTCSeconds'));
  define('getMilliseconds', getter('getUTCMilliseconds'));
  define('getYear', function () { var y = this.getFullYear(); return y !== y ? NaN : y - 1900; });
  define('getTimezoneOffset', function () { var t = getTime.call(this); return t !== t ? NaN : -offset(t); });
  function setter(utcName) {
    return function () {
      var sh = shifted(this);
      if (sh === null) return NaN;
      sh[utcName].apply(sh, arguments);
      return setTime.call(this, wallToUtc(getTime.call(sh)));
    };
  }
  define('setFullYear', setter('setUTCFullYear'));
  define('setMonth', setter('setUTCMonth'));
  define('setDate', setter('setUTCDate'));
  define('setHours', setter('setUTCHours'));
  define('setMinutes', setter('setUTCMinutes'));
  define('setSeconds', setter('setUTCSeconds'));
  define('setMilliseconds', setter('setUTCMilliseconds'));

  function pad(n, w) { n = String(n); while (n.length < (w || 2)) n = '0' + n; return n; }
  function zone(t) {
    var o = offset(t), sign = o < 0 ? '-' : '+', a = Math.abs(o);
    return 'GMT' + sign + pad(Math.floor(a / 60)) + pad(a % 60) + ' (' + zoneName(t) + ')';
  }
  function datePart(sh) {
    return DAYS[sh.getUTCDay()] + ' ' + MONTHS[sh.getUTCMonth()] + ' ' + pad(sh.getUTCDate()) + ' ' + pad(sh.getUTCFullYear(), 4);
  }
  function timePart(sh, t) {
    return pad(sh.getUTCHours()) + ':' + pad(sh.getUTCMinutes()) + ':' + pad(sh.getUTCSeconds()) + ' ' + zone(t);
  }
  define('toString', function () {
    var sh = shifted(this);
    return sh === null ? 'Invalid Date' : datePart(sh) + ' ' + timePart(sh, getTime.call(this));
  });
  define('toDateString', function () { var sh = shifted(this); return sh === null ? 'Invalid Date' : datePart(sh); });
  define('toTimeString', function () { var sh = shifted(this); return sh === null ? 'Invalid Date' : timePart(sh, getTime.call(this)); });

  // Intl and toLocale*String: the script time zone unless the caller names one.
  var NativeDTF = g.Intl.DateTimeFormat;
  function withZone(options) {
    var o = Object.assign({}, options || {});
    if (o.timeZone === undefined) o.timeZone = timeZone;
    return o;
  }
  function DateTimeFormat(locales, options) {
    return Reflect.construct(NativeDTF, [locales, withZone(options)], new.target || NativeDTF);
  }
  DateTimeFormat.prototype = NativeDTF.prototype;
  DateTimeFormat.supportedLocalesOf = NativeDTF.supportedLocalesOf;
  g.Intl.DateTimeFormat = DateTimeFormat;
  var loc = P.toLocaleString, locDate = P.toLocaleDateString, locTime = P.toLocaleTimeString;
  define('toLocaleString', function (l, o) { return loc.call(this, l, withZone(o)); });
  define('toLocaleDateString', function (l, o) { return locDate.call(this, l, withZone(o)); });
  define('toLocaleTimeString', function (l, o) { return locTime.call(this, l, withZone(o)); });

  Object.defineProperty(g, 'Date', { value: Date, writable: true, configurable: true, enumerable: false });
  return NativeDate;
}
`;
