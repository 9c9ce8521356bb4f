#!/usr/bin/env python3
"""Builds a language's catalog for the site: lang/<code>.json from src/i18n/<code>/*.txt.

    build_catalog.py <src/i18n> <web/glue.js> <code> <out.json>

messages.def (and the en/*.def files it includes) gives the ids in order and their English;
<code>/*.txt gives `id = text` lines ('#' starts a comment, \\n is a new line, \\\\ a backslash).
The build fails, naming each problem, when an id is missing, unknown or given twice, or when a
text's printf placeholders differ from the English ones. glue.js's own few texts (shown when
the wasm cannot run: say('id', 'English', ...)) are checked the same way, with {name} placeholders.
The page checks the fingerprint (i18n.cpp: FNV-1a over the ids, one per line) before using a catalog.
"""
import json
import os
import re
import sys

ENTRY = re.compile(r'\bMSG(?:_JS|_DEEPER)?\(\s*(\w+)\s*,\s*((?:"(?:[^"\\]|\\.)*"\s*)+)\)')
LITERAL = re.compile(r'"((?:[^"\\]|\\.)*)"')
INCLUDE = re.compile(r'^#include "([^"]+)"', re.M)
CONVERSION = re.compile(r"%(%|[-+ #0']*(\*|\d+)?(?:\.(\*|\d*))?(hh|h|ll|l|z|j|t|L)?([a-zA-Z]))")
GLUE_SAY = re.compile(r"say\('(\w+)',\s*((?:'(?:[^'\\]|\\.)*'\s*\+?\s*)+)")
GLUE_LITERAL = re.compile(r"'((?:[^'\\]|\\.)*)'")


def c_unescape(s):
    out, i = [], 0
    while i < len(s):
        ch = s[i]
        if ch == '\\' and i + 1 < len(s):
            nxt = s[i + 1]
            out.append({'n': '\n', 't': '\t', '"': '"', '\\': '\\', "'": "'"}.get(nxt, '\\' + nxt))
            i += 2
        else:
            out.append(ch)
            i += 1
    return ''.join(out)


def placeholders(text):
    """The same normalisation as el::placeholders (i18n.cpp)."""
    out = []
    for m in CONVERSION.finditer(text):
        if m.group(1) == '%':
            continue
        stars = (m.group(2) == '*') + (m.group(3) == '*')
        length = m.group(4) or ''
        length = {'hh': 'h', 'j': 'z', 't': 'z'}.get(length, length)
        out.append('*' * stars + length + m.group(5))
    return ' '.join(out)


def english_messages(i18n_dir):
    top = open(os.path.join(i18n_dir, 'messages.def'), encoding='utf-8').read()
    ids, english = [], {}
    for inc in INCLUDE.findall(top):
        text = open(os.path.join(i18n_dir, inc), encoding='utf-8').read()
        text = re.sub(r'//[^\n]*', '', text)
        for m in ENTRY.finditer(text):
            ids.append(m.group(1))
            english[m.group(1)] = ''.join(c_unescape(x) for x in LITERAL.findall(m.group(2)))
    return ids, english


def read_catalog(folder, problems):
    texts = {}
    for name in sorted(os.listdir(folder)):
        if not name.endswith('.txt'):
            continue
        for n, line in enumerate(open(os.path.join(folder, name), encoding='utf-8'), 1):
            line = line.rstrip('\n')
            if not line.strip() or line.lstrip().startswith('#'):
                continue
            key, sep, value = line.partition(' = ')
            key = key.strip()
            where = f'{name}:{n}'
            if not sep or not re.fullmatch(r'\w+', key):
                problems.append(f'{where}: not an "id = text" line')
                continue
            if key in texts:
                problems.append(f'{where}: {key} given twice')
            texts[key] = value.replace('\\\\', '\0').replace('\\n', '\n').replace('\0', '\\')
    return texts


def fingerprint(ids):
    h = 14695981039346656037
    for name in ids:
        for b in (name + '\n').encode():
            h = ((h ^ b) * 1099511628211) % (1 << 64)
    return f'{h:016x}'


def main():
    i18n_dir, glue_js, code, out = sys.argv[1:5]
    problems = []
    ids, english = english_messages(i18n_dir)
    texts = read_catalog(os.path.join(i18n_dir, code), problems)
    glue_source = open(glue_js, encoding='utf-8').read()
    glue_english = {m.group(1): ''.join(c_unescape(x) for x in GLUE_LITERAL.findall(m.group(2)))
                    for m in GLUE_SAY.finditer(glue_source)}
    glue = {}
    for key in ids:
        if key not in texts:
            problems.append(f'{key}: missing')
        elif placeholders(texts[key]) != placeholders(english[key]):
            problems.append(f'{key}: placeholders "{placeholders(texts[key])}", English has "{placeholders(english[key])}"')
    for key, english_text in glue_english.items():
        gid = 'glue_' + key
        names = sorted(re.findall(r'\{(\w+)\}', english_text))
        if gid not in texts:
            problems.append(f'{gid}: missing (glue.js says it)')
        elif sorted(re.findall(r'\{(\w+)\}', texts[gid])) != names:
            problems.append(f'{gid}: placeholders differ from glue.js\'s {names}')
        else:
            glue[key] = texts[gid]
    for key in texts:
        if key not in english and not (key.startswith('glue_') and key[5:] in glue_english):
            problems.append(f'{key}: no such id in messages.def or glue.js')
    if problems:
        sys.exit(f'build_catalog.py: the {code} catalog has {len(problems)} problem(s):\n  ' + '\n  '.join(problems))
    catalog = {'lang': code, 'fingerprint': fingerprint(ids), 'messages': [texts[k] for k in ids], 'glue': glue}
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, 'w', encoding='utf-8') as f:
        json.dump(catalog, f, ensure_ascii=False, separators=(',', ':'))
    print(f'build_catalog.py: {code}: {len(ids)} messages, {len(glue)} of glue.js')


if __name__ == '__main__':
    main()
