package org.example.core

/** The core module's strings, under one name for every module that shows them. */
typealias CoreString = org.example.core.R.string
