/* unodice._native._twister: the Mersenne Twister of random.Random, as a Python type.
 *
 * Twister(seed) draws exactly what random.Random(seed) draws: getrandbits(k) for k <= 32 and
 * below(n), which is randrange(n) for 0 < n < 2**32. getstate() and setstate() speak
 * random.Random's own state format, so a generator can be handed from one to the other at any
 * point and go on drawing the same numbers. The native engines use the same generator
 * (mt19937.h) inside their own code; this type lets Python hold and check it.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "mt19937.h"

/* The version random.Random.getstate() writes first. */
#define STATE_VERSION 3

typedef struct {
    PyObject_HEAD
    mt19937 mt;
} TwisterObject;

/* Seeds mt as random.Random(seed) does, from a whole number >= 0 of any size: its 32-bit words,
 * the least significant first, through init_by_array (at least one word, so 0 is the key {0}).
 * Returns 0, or -1 with an exception set. */
static int twister_seed(mt19937 *mt, PyObject *seed) {
    if (!PyLong_Check(seed)) {
        PyErr_Format(PyExc_TypeError, "the seed must be a whole number, not %.100s",
                     Py_TYPE(seed)->tp_name);
        return -1;
    }
    PyObject *zero = PyLong_FromLong(0);
    if (zero == NULL) {
        return -1;
    }
    int negative = PyObject_RichCompareBool(seed, zero, Py_LT);
    Py_DECREF(zero);
    if (negative < 0) {
        return -1;
    }
    if (negative) {
        PyErr_SetString(PyExc_ValueError, "the seed must be 0 or more");
        return -1;
    }
    PyObject *bit_length = PyObject_CallMethod(seed, "bit_length", NULL);
    if (bit_length == NULL) {
        return -1;
    }
    Py_ssize_t bits = PyLong_AsSsize_t(bit_length);
    Py_DECREF(bit_length);
    if (bits < 0) {
        return -1;
    }
    Py_ssize_t words = bits == 0 ? 1 : (bits - 1) / 32 + 1;
    PyObject *data = PyObject_CallMethod(seed, "to_bytes", "ns", words * 4, "little");
    if (data == NULL) {
        return -1;
    }
    uint32_t *key = PyMem_New(uint32_t, (size_t)words);
    if (key == NULL) {
        Py_DECREF(data);
        PyErr_NoMemory();
        return -1;
    }
    const unsigned char *bytes = (const unsigned char *)PyBytes_AS_STRING(data);
    for (Py_ssize_t i = 0; i < words; i++) {
        const unsigned char *b = bytes + 4 * i;
        key[i] = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
                 (uint32_t)b[3] << 24;
    }
    Py_DECREF(data);
    mt_init_by_array(mt, key, (size_t)words);
    PyMem_Free(key);
    return 0;
}

static PyObject *twister_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"seed", NULL};
    PyObject *seed;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O:Twister", keywords, &seed)) {
        return NULL;
    }
    TwisterObject *self = (TwisterObject *)type->tp_alloc(type, 0);
    if (self == NULL) {
        return NULL;
    }
    if (twister_seed(&self->mt, seed) < 0) {
        Py_DECREF(self);
        return NULL;
    }
    return (PyObject *)self;
}

static void twister_dealloc(PyObject *self) {
    PyTypeObject *type = Py_TYPE(self);
    type->tp_free(self);
    Py_DECREF(type);
}

static PyObject *twister_getrandbits(PyObject *self, PyObject *arg) {
    int overflow;
    long bits = PyLong_AsLongAndOverflow(arg, &overflow);
    if (bits == -1 && PyErr_Occurred()) {
        return NULL;
    }
    if (overflow) {
        PyErr_SetString(PyExc_ValueError, "getrandbits draws 0 to 32 bits");
        return NULL;
    }
    if (bits < 0 || bits > 32) {
        PyErr_Format(PyExc_ValueError, "getrandbits draws 0 to 32 bits, not %ld", bits);
        return NULL;
    }
    return PyLong_FromUnsignedLong(mt_getrandbits(&((TwisterObject *)self)->mt, (int)bits));
}

static PyObject *twister_below(PyObject *self, PyObject *arg) {
    unsigned long long bound = PyLong_AsUnsignedLongLong(arg);
    if (bound == (unsigned long long)-1 && PyErr_Occurred()) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError)) {
            return NULL;
        }
        PyErr_Clear();
        bound = 0; /* negative or far too large: refused below */
    }
    if (bound == 0 || bound > UINT32_MAX) {
        PyErr_SetString(PyExc_ValueError, "below(n) needs 0 < n < 2**32");
        return NULL;
    }
    return PyLong_FromUnsignedLong(mt_below(&((TwisterObject *)self)->mt, (uint32_t)bound));
}

static PyObject *twister_getstate(PyObject *self, PyObject *Py_UNUSED(ignored)) {
    mt19937 *mt = &((TwisterObject *)self)->mt;
    PyObject *internal = PyTuple_New(MT_N + 1);
    if (internal == NULL) {
        return NULL;
    }
    for (int i = 0; i < MT_N; i++) {
        PyObject *word = PyLong_FromUnsignedLong(mt->state[i]);
        if (word == NULL) {
            Py_DECREF(internal);
            return NULL;
        }
        PyTuple_SET_ITEM(internal, i, word);
    }
    PyObject *index = PyLong_FromLong(mt->index);
    if (index == NULL) {
        Py_DECREF(internal);
        return NULL;
    }
    PyTuple_SET_ITEM(internal, MT_N, index);
    return Py_BuildValue("(iNO)", STATE_VERSION, internal, Py_None);
}

/* Refuses what random.Random.setstate refuses, and a few things it lets through: a word that
 * does not fit in 32 bits (it would cut it), and a pending gauss value (the twister has no
 * gauss, and dropping it would change the numbers random.Random draws next). */
static PyObject *twister_setstate(PyObject *self, PyObject *state) {
    if (!PyTuple_Check(state) || PyTuple_GET_SIZE(state) != 3) {
        PyErr_SetString(PyExc_TypeError,
                        "the state is a tuple (version, internal state, gauss_next), as "
                        "random.Random.getstate() returns it");
        return NULL;
    }
    long version = PyLong_AsLong(PyTuple_GET_ITEM(state, 0));
    if (version == -1 && PyErr_Occurred()) {
        return NULL;
    }
    if (version != STATE_VERSION) {
        PyErr_Format(PyExc_ValueError, "state with version %ld passed to Twister.setstate, "
                     "which reads version %d", version, STATE_VERSION);
        return NULL;
    }
    if (PyTuple_GET_ITEM(state, 2) != Py_None) {
        PyErr_SetString(PyExc_ValueError,
                        "the state holds a pending gauss value, which a Twister cannot keep");
        return NULL;
    }
    PyObject *internal = PyTuple_GET_ITEM(state, 1);
    if (!PyTuple_Check(internal) || PyTuple_GET_SIZE(internal) != MT_N + 1) {
        PyErr_SetString(PyExc_ValueError, "the internal state is a tuple of 625 integers");
        return NULL;
    }
    mt19937 next;
    for (int i = 0; i < MT_N; i++) {
        PyObject *item = PyTuple_GET_ITEM(internal, i);
        if (!PyLong_Check(item)) {
            PyErr_SetString(PyExc_TypeError, "the internal state is a tuple of 625 integers");
            return NULL;
        }
        unsigned long long word = PyLong_AsUnsignedLongLong(item);
        if (word == (unsigned long long)-1 && PyErr_Occurred()) {
            if (!PyErr_ExceptionMatches(PyExc_OverflowError)) {
                return NULL;
            }
            PyErr_Clear();
            word = (unsigned long long)UINT32_MAX + 1;
        }
        if (word > UINT32_MAX) {
            PyErr_Format(PyExc_ValueError, "word %d of the state is not in 0 .. 2**32 - 1", i);
            return NULL;
        }
        next.state[i] = (uint32_t)word;
    }
    long index = PyLong_AsLong(PyTuple_GET_ITEM(internal, MT_N));
    if (index == -1 && PyErr_Occurred()) {
        return NULL;
    }
    if (index < 0 || index > MT_N) {
        PyErr_SetString(PyExc_ValueError, "invalid state");
        return NULL;
    }
    next.index = (int)index;
    ((TwisterObject *)self)->mt = next;
    Py_RETURN_NONE;
}

static PyMethodDef twister_methods[] = {
    {"getrandbits", twister_getrandbits, METH_O,
     PyDoc_STR("getrandbits($self, k, /)\n--\n\n"
               "An integer of k random bits, 0 <= k <= 32, as random.Random.getrandbits(k).")},
    {"below", twister_below, METH_O,
     PyDoc_STR("below($self, n, /)\n--\n\n"
               "A random integer in 0 .. n - 1 for 0 < n < 2**32, as random.Random.randrange(n).")},
    {"getstate", twister_getstate, METH_NOARGS,
     PyDoc_STR("getstate($self, /)\n--\n\n"
               "The state, in the format of random.Random.getstate().")},
    {"setstate", twister_setstate, METH_O,
     PyDoc_STR("setstate($self, state, /)\n--\n\n"
               "Go on from a state of random.Random.getstate() or Twister.getstate().")},
    {NULL, NULL, 0, NULL},
};

PyDoc_STRVAR(twister_doc,
             "Twister(seed)\n--\n\n"
             "The Mersenne Twister of random.Random(seed), for a whole number seed >= 0 of any "
             "size:\nthe same numbers from getrandbits(k <= 32) and below(n), and the same "
             "state.");

static PyType_Slot twister_slots[] = {
    {Py_tp_new, twister_new},
    {Py_tp_dealloc, twister_dealloc},
    {Py_tp_methods, twister_methods},
    {Py_tp_doc, (void *)twister_doc},
    {0, NULL},
};

static PyType_Spec twister_spec = {
    .name = "unodice._native._twister.Twister",
    .basicsize = sizeof(TwisterObject),
    .itemsize = 0,
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_IMMUTABLETYPE,
    .slots = twister_slots,
};

static int twister_exec(PyObject *module) {
    PyObject *type = PyType_FromModuleAndSpec(module, &twister_spec, NULL);
    if (type == NULL) {
        return -1;
    }
    int added = PyModule_AddObjectRef(module, "Twister", type);
    Py_DECREF(type);
    return added;
}

static PyModuleDef_Slot twister_module_slots[] = {
    {Py_mod_exec, twister_exec},
#ifdef Py_mod_multiple_interpreters
    {Py_mod_multiple_interpreters, Py_MOD_PER_INTERPRETER_GIL_SUPPORTED},
#endif
    {0, NULL},
};

static struct PyModuleDef twister_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "unodice._native._twister",
    .m_doc = PyDoc_STR("The Mersenne Twister of random.Random, for the native engines."),
    .m_size = 0,
    .m_slots = twister_module_slots,
};

PyMODINIT_FUNC PyInit__twister(void) {
    mt_prepare();
    return PyModuleDef_Init(&twister_module);
}
