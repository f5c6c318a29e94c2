/* Which provider serves each of the seven digests, the legacy EVP_sha256() path, HMAC and
 * PBKDF2 in the default library context, each checked against a published answer. */
#include <stdio.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/objects.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include "doctor.h"

/* Names as OpenSSL's default provider registers them first; digests of "abc" from
 * FIPS 180-4's examples (csrc.nist.gov example values). */
static const struct {
    const char *name;
    const char *family;
    const char *abc;
} digests[DOCTOR_NDIGESTS] = {
    {"SHA1", "sha1", "a9993e364706816aba3e25717850c26c9cd0d89d"},
    {"SHA2-224", "sha256", "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7"},
    {"SHA2-256", "sha256", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
    {"SHA2-384", "sha512",
     "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
     "8086072ba1e7cc2358baeca134c825a7"},
    {"SHA2-512", "sha512",
     "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
     "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"},
    {"SHA2-512/224", "sha512", "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa"},
    {"SHA2-512/256", "sha512", "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23"},
};

/* RFC 4231 test case 2. */
static const char hmac_key[] = "Jefe";
static const char hmac_msg[] = "what do ya want for nothing?";
static const char hmac_sha256[] = "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843";
/* PBKDF2-HMAC-SHA256 with a 16-byte salt and 1000 iterations (the floor SP 800-132 and
 * OpenSSL's FIPS checks ask for), from OpenSSL's default provider and Python's hashlib. */
static const char pbkdf2_pass[] = "armsha-doctor";
static const char pbkdf2_salt[] = "armsha-doctor-16";
static const unsigned pbkdf2_iter = 1000;
static const char pbkdf2_sha256[] = "059730c697865895fbf2f81d5fffe05600aac6be2e5386d67e3df89a299f2afe";

static int hex_is(const unsigned char *b, size_t n, const char *hex)
{
    static const char digits[] = "0123456789abcdef";
    size_t i;

    if (strlen(hex) != 2 * n)
        return 0;
    for (i = 0; i < n; i++)
        if (hex[2 * i] != digits[b[i] >> 4] || hex[2 * i + 1] != digits[b[i] & 15])
            return 0;
    return 1;
}

static void provider_name(char *dst, size_t size, const OSSL_PROVIDER *prov)
{
    armsha_doctor_copy(dst, size, prov != NULL ? OSSL_PROVIDER_get0_name(prov) : "");
}

/* The oldest queued error, as the one line a user reads. */
static void take_error(doctor_serve *s, const char *what)
{
    unsigned long e = ERR_peek_error();
    const char *data = NULL;
    int flags = 0;

    if (e != 0)
        ERR_peek_error_data(&data, &flags);
    snprintf(s->error, sizeof(s->error), "%s%s%s%s%s", what, e != 0 ? ": " : "",
             e != 0 && ERR_reason_error_string(e) != NULL ? ERR_reason_error_string(e) : "",
             (flags & ERR_TXT_STRING) && data != NULL && *data ? ": " : "",
             (flags & ERR_TXT_STRING) && data != NULL ? data : "");
    ERR_clear_error();
}

static int offered(const doctor_report *r, const char *name)
{
    return !r->prov.has_offered || armsha_doctor_in_list(r->prov.offered, name);
}

/* armsha must serve a digest when it is active, offers it, and the properties prefer it. */
static const char *expectation(const doctor_report *r, const char *name)
{
    return r->prov.active && r->conf.prefers_armsha && offered(r, name) ? "armsha" : NULL;
}

static void serve_digest(doctor_report *r, int i)
{
    doctor_serve *s = &r->digests[i];
    EVP_MD *md;
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned int outlen = 0;

    s->what = digests[i].name;
    s->family = digests[i].family;
    s->expect = expectation(r, s->what);
    md = EVP_MD_fetch(NULL, s->what, NULL);
    if (md == NULL) {
        take_error(s, "no provider serves it");
        return;
    }
    s->fetched = 1;
    provider_name(s->provider, sizeof(s->provider), EVP_MD_get0_provider(md));
    if (EVP_Digest("abc", 3, out, &outlen, md, NULL))
        s->answer_ok = hex_is(out, outlen, digests[i].abc);
    else
        take_error(s, "hashing \"abc\" failed");
    EVP_MD_free(md);
}

/* EVP_sha256() is a legacy object with no provider; EVP_DigestInit_ex fetches the real one
 * by its short name with the property query "" (so only the default properties count).
 * OpenSSL 3.0 keeps that fetch to itself (EVP_MD_CTX_get0_md answers the legacy object);
 * where a version answers the fetched one, that is used instead. */
static void serve_legacy(doctor_report *r)
{
    doctor_serve *s = &r->legacy;
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    const EVP_MD *used;
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned int outlen = 0;

    s->what = "EVP_sha256()";
    s->family = "sha256";
    s->expect = expectation(r, "SHA2-256");
    if (ctx == NULL || !EVP_DigestInit_ex(ctx, EVP_sha256(), NULL)) {
        take_error(s, "EVP_DigestInit_ex(EVP_sha256()) failed");
        EVP_MD_CTX_free(ctx);
        return;
    }
    s->fetched = 1;
    used = EVP_MD_CTX_get0_md(ctx);
    if (used != NULL && EVP_MD_get0_provider(used) != NULL) {
        provider_name(s->provider, sizeof(s->provider), EVP_MD_get0_provider(used));
        s->digest_how = "EVP_MD_CTX_get0_md after EVP_DigestInit_ex";
    } else {
        EVP_MD *md = EVP_MD_fetch(NULL, OBJ_nid2sn(NID_sha256), "");

        provider_name(s->provider, sizeof(s->provider), md != NULL ? EVP_MD_get0_provider(md) : NULL);
        s->digest_how = "the fetch EVP_DigestInit_ex makes: \"SHA256\" with properties \"\"";
        EVP_MD_free(md);
        ERR_clear_error();
    }
    if (EVP_DigestUpdate(ctx, "abc", 3) && EVP_DigestFinal_ex(ctx, out, &outlen))
        s->answer_ok = hex_is(out, outlen, digests[2].abc);
    else
        take_error(s, "hashing \"abc\" through EVP_sha256() failed");
    EVP_MD_CTX_free(ctx);
}

/* Whether armsha's HMAC ("hmac") or PBKDF2 ("pbkdf2") runs SHA-256 on its own core: its
 * armsha-mac-kdf-cores parameter says (portable = no and hand_over leave families to the
 * default provider's); an armsha without it always does. */
static int core_serves_sha256(const doctor_report *r, const char *op)
{
    char key[16], list[128];
    const char *at;

    if (!r->prov.has_cores)
        return 1;
    snprintf(key, sizeof(key), "%s=", op);
    at = strstr(r->prov.cores, key);
    if (at == NULL)
        return 0;
    at += strlen(key);
    /* ",sha1,sha256," holds ",sha256," when the list names it */
    snprintf(list, sizeof(list), ",%.*s,", (int)strcspn(at, " "), at);
    return strstr(list, ",sha256,") != NULL;
}

/* The digest a MAC or KDF hashes with. armsha's own HMAC and PBKDF2 run its cores where it
 * serves the family, and hand it to the default provider's otherwise; another provider's
 * fetch the digest by name in the same library context with no properties of their own,
 * which is the fetch below. */
static void digest_used(const doctor_report *r, doctor_serve *s, const char *digest,
                        const char *op)
{
    EVP_MD *md;

    if (strcmp(s->provider, "armsha") == 0 && core_serves_sha256(r, op)) {
        armsha_doctor_copy(s->digest_provider, sizeof(s->digest_provider), "armsha");
        s->digest_how = "armsha's HMAC and PBKDF2 hash with armsha's own cores";
        return;
    }
    md = EVP_MD_fetch(NULL, digest, NULL);
    provider_name(s->digest_provider, sizeof(s->digest_provider),
                  md != NULL ? EVP_MD_get0_provider(md) : NULL);
    s->digest_how = strcmp(s->provider, "armsha") == 0
                        ? "armsha hands SHA-256 to the default provider's, which fetches it by "
                          "name under the default properties (armsha-mac-kdf-cores)"
                        : "fetched by name under the default properties, as the MAC/KDF does";
    EVP_MD_free(md);
    ERR_clear_error();
}

static void serve_hmac(doctor_report *r)
{
    doctor_serve *s = &r->hmac;
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "HMAC", NULL);
    EVP_MAC_CTX *ctx = mac != NULL ? EVP_MAC_CTX_new(mac) : NULL;
    unsigned char out[EVP_MAX_MD_SIZE];
    size_t outlen = 0;
    OSSL_PARAM params[2];

    s->what = "HMAC";
    /* its SHA-256 must come from armsha when SHA-256 does, unless armsha's HMAC hands it on */
    s->expect = core_serves_sha256(r, "hmac") ? r->digests[2].expect : NULL;
    if (ctx == NULL) {
        take_error(s, "no provider serves HMAC");
        goto done;
    }
    s->fetched = 1;
    provider_name(s->provider, sizeof(s->provider), EVP_MAC_get0_provider(mac));
    digest_used(r, s, "SHA256", "hmac");
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)"SHA256", 0);
    params[1] = OSSL_PARAM_construct_end();
    if (EVP_MAC_init(ctx, (const unsigned char *)hmac_key, strlen(hmac_key), params)
        && EVP_MAC_update(ctx, (const unsigned char *)hmac_msg, strlen(hmac_msg))
        && EVP_MAC_final(ctx, out, &outlen, sizeof(out)))
        s->answer_ok = hex_is(out, outlen, hmac_sha256);
    else
        take_error(s, "HMAC-SHA256 failed");
done:
    EVP_MAC_CTX_free(ctx);
    EVP_MAC_free(mac);
}

static void serve_pbkdf2(doctor_report *r)
{
    doctor_serve *s = &r->pbkdf2;
    EVP_KDF *kdf = EVP_KDF_fetch(NULL, "PBKDF2", NULL);
    EVP_KDF_CTX *ctx = kdf != NULL ? EVP_KDF_CTX_new(kdf) : NULL;
    unsigned char out[32];
    unsigned iter = pbkdf2_iter;
    OSSL_PARAM params[5];

    s->what = "PBKDF2";
    s->expect = core_serves_sha256(r, "pbkdf2") ? r->digests[2].expect : NULL;
    if (ctx == NULL) {
        take_error(s, "no provider serves PBKDF2");
        goto done;
    }
    s->fetched = 1;
    provider_name(s->provider, sizeof(s->provider), EVP_KDF_get0_provider(kdf));
    digest_used(r, s, "SHA256", "pbkdf2");
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)"SHA256", 0);
    params[1] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_PASSWORD, (void *)pbkdf2_pass,
                                                  strlen(pbkdf2_pass));
    params[2] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, (void *)pbkdf2_salt,
                                                  strlen(pbkdf2_salt));
    params[3] = OSSL_PARAM_construct_uint(OSSL_KDF_PARAM_ITER, &iter);
    params[4] = OSSL_PARAM_construct_end();
    if (EVP_KDF_derive(ctx, out, sizeof(out), params) > 0)
        s->answer_ok = hex_is(out, sizeof(out), pbkdf2_sha256);
    else
        take_error(s, "PBKDF2-HMAC-SHA256 failed");
done:
    EVP_KDF_CTX_free(ctx);
    EVP_KDF_free(kdf);
}

void armsha_doctor_serve(doctor_report *r)
{
    int i;

    for (i = 0; i < DOCTOR_NDIGESTS; i++)
        serve_digest(r, i);
    serve_legacy(r);
    serve_hmac(r);
    serve_pbkdf2(r);
}
